#include "vision/said.h"

#include "adjudicator/render.h"

namespace vision {

// vision/messages.txt, compiled in (cmake/Embed.cmake).
const std::vector<std::pair<std::string, std::string>>& bundledSaidFiles();

namespace {

const adj::kb::Messages& catalogue() {
    static const adj::kb::Messages m =
        adj::kb::Messages::compiledIn(bundledSaidFiles(), "the camera's message catalogue");
    return m;
}

} // namespace

Said Said::literal(std::string words) {
    Said s;
    s.text = std::move(words);
    return s;
}

Said& Said::with(std::string name, Said value) {
    names.push_back(std::move(name));
    values.push_back(std::move(value));
    return *this;
}

Said& Said::with(std::string name, std::string words) {
    return with(std::move(name), literal(std::move(words)));
}

Said& Said::with(std::string name, int number) {
    return with(std::move(name), std::to_string(number));
}

std::string Said::in(adj::kb::Lang lang) const {
    if (key.empty()) return text;
    const adj::kb::Messages& m = catalogue();
    const std::string& sentence = count >= 0 ? m.counted(key, count, lang) : m.get(key, lang);
    if (sentence.empty()) return key; // not in the catalogue: a test catches it
    std::vector<std::pair<std::string, std::string>> filled;
    if (count >= 0) filled.emplace_back("n", std::to_string(count));
    for (size_t i = 0; i < names.size() && i < values.size(); ++i)
        filled.emplace_back(names[i], values[i].in(lang));
    return adj::kb::fill(sentence, filled);
}

Said alternatives(std::vector<Said> items) {
    if (items.empty()) return {};
    Said out = items.back();
    for (size_t i = items.size() - 1; i-- > 0;)
        out = Said(i + 2 == items.size() ? "list.or" : "list.comma")
                  .with("a", std::move(items[i]))
                  .with("b", out);
    return out;
}

std::vector<std::string> saidKeys() {
    return catalogue().keys();
}

} // namespace vision
