#include "adjudicator/render.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace adj::kb {

extern const std::vector<std::pair<std::string, std::string>>& bundledMessageFiles();

namespace {

const std::string kEmpty;

std::string pos(Pos p) {
    return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

} // namespace

std::string fill(std::string text, const std::vector<std::pair<std::string, std::string>>& values) {
    for (const auto& [name, value] : values) {
        const std::string key = "{" + name + "}";
        for (size_t at = text.find(key); at != std::string::npos;
             at = text.find(key, at + value.size()))
            text.replace(at, key.size(), value);
    }
    return text;
}

Messages Messages::parse(const std::string& text, const std::string& file,
                         std::vector<LoadError>& errors) {
    Messages m;
    std::istringstream in(text);
    int lineNo = 0;
    for (std::string line; std::getline(in, line);) {
        ++lineNo;
        if (line.empty() || line[0] == '#') continue;
        const size_t sp = line.find(' ');
        const std::string key = line.substr(0, sp);
        const size_t dot = key.rfind('.');
        const auto lang =
            dot == std::string::npos ? std::nullopt : langFromCode(key.substr(dot + 1));
        if (!lang || sp == std::string::npos) {
            errors.push_back({file, lineNo, "expected 'KEY.LANG TEXT' with LANG en, ro or nl"});
            continue;
        }
        m.texts_[key.substr(0, dot)][size_t(*lang)] = line.substr(sp + 1);
    }
    for (const auto& [key, texts] : m.texts_)
        for (size_t l = 0; l < 3; ++l)
            if (texts[l].empty() && key.find(".de") == std::string::npos) // .de: Romanian only
                errors.push_back({file, 0, "key " + key + " has no " + kLangCodes[l] + " text"});
    return m;
}

Messages Messages::compiledIn(const std::vector<std::pair<std::string, std::string>>& files,
                              const char* what) {
    std::vector<LoadError> errors;
    Messages parsed = parse(files.at(0).second, files.at(0).first, errors);
    tiledb::abortIfBroken(errors, what);
    return parsed;
}

const Messages& Messages::bundled() {
    static const Messages m = compiledIn(bundledMessageFiles(), "the message catalogue");
    return m;
}

const std::string& Messages::get(std::string_view key, Lang lang) const {
    auto it = texts_.find(key);
    return it == texts_.end() ? kEmpty : it->second[size_t(lang)];
}

const std::string& Messages::counted(std::string_view key, int n, Lang lang) const {
    const std::string base(key);
    if (lang == Lang::Ro && n >= 20 && (n % 100 == 0 || n % 100 >= 20))
        if (const std::string& de = get(base + ".de", lang); !de.empty()) return de;
    return get(base + (n == 1 ? ".one" : ".many"), lang);
}

std::vector<std::string> Messages::keys() const {
    std::vector<std::string> out;
    for (const auto& [k, v] : texts_) out.push_back(k);
    return out;
}

namespace {

struct Renderer {
    Lang lang;
    const Messages& msg = Messages::bundled();

    std::string t(std::string_view key) const { return msg.get(key, lang); }
    // "3 tiles", with Romanian's "20 de cartonașe".
    std::string count(const std::string& noun, int n) const {
        return fill(msg.counted("n." + noun, n, lang), {{"n", std::to_string(n)}});
    }
    std::string name(const std::vector<std::string>& names, PlayerId p) const {
        return size_t(p) < names.size() ? names[size_t(p)]
                                        : fill(t("player"), {{"n", std::to_string(p + 1)}});
    }
    std::string list(const std::vector<std::string>& items) const {
        if (items.empty()) return "";
        std::string out = items.back();
        for (size_t i = items.size() - 1; i-- > 0;)
            out = fill(t(i + 2 == items.size() ? "list.and" : "list.comma"),
                       {{"a", items[i]}, {"b", out}});
        return out;
    }
    std::string rules(const RuleList& refs, std::string_view game) const {
        std::vector<std::string> titles;
        for (RuleRef r : refs) {
            const auto entries = KnowledgeBase::bundled().forRule(r, game);
            if (entries.empty()) continue;
            const std::string& title = entries.front()->titleIn(lang);
            if (std::find(titles.begin(), titles.end(), title) == titles.end())
                titles.push_back(title);
        }
        std::string joined;
        for (const auto& s : titles) joined += (joined.empty() ? "" : "; ") + s;
        return joined.empty() ? "" : fill(t("score.rules"), {{"rules", joined}});
    }
};

bool cites(const RuleList& rules, RuleRef r) {
    return std::find(rules.begin(), rules.end(), r) != rules.end();
}

} // namespace

std::string render(const ScoreEvent& e, Lang lang, const std::vector<std::string>& names,
                   std::string_view game) {
    Renderer r{lang};
    std::vector<std::string> who;
    for (PlayerId p : e.scorers) who.push_back(r.name(names, p));
    const bool end = e.when == ScoreEvent::When::EndOfGame;
    const int n = int(e.tiles.size());
    std::vector<std::pair<std::string, std::string>> v = {
        {"tiles", r.count("tile", n)},
        {"perTile", std::to_string(e.perTile)},
        {"pennants", r.count("pennant", e.pennants)},
        {"pennantPoints", std::to_string(e.perPennant * e.pennants)},
        {"neighbours", r.count("neighbour", std::max(0, n - 1))},
        {"cities", r.count("city", e.cities)},
        {"perCity", std::to_string(e.perCity)}};
    std::string what;
    const char* state = end ? "end" : "completed";
    if (cites(e.rules, RuleRef::MayorZeroPennants))
        what = r.t("what.mayor.zero");
    else
        switch (e.feature) {
        case tiledb::FeatureKind::Road:
            what = fill(r.t(std::string("what.road.") + state), v);
            break;
        case tiledb::FeatureKind::City:
            what = fill(r.t(std::string("what.city.") + state), v);
            if (e.pennants) what += " " + fill(r.t("what.city.pennants"), v);
            break;
        case tiledb::FeatureKind::Cloister:
            what = fill(r.t(std::string("what.cloister.") + state), v);
            break;
        case tiledb::FeatureKind::Abbey:
            what = fill(r.t(std::string("what.abbey.") + state), v);
            break;
        case tiledb::FeatureKind::Field:
            what = fill(r.t(cites(e.rules, RuleRef::BarnFinal)           ? "what.barn.final"
                            : cites(e.rules, RuleRef::BarnFarmersScored) ? "what.barn.placed"
                            : cites(e.rules, RuleRef::BarnConnection)    ? "what.barn.joined"
                                                                         : "what.farm.end"),
                        v);
            break;
        }
    std::string s = who.empty()
                        ? r.t("score.none")
                        : fill(r.t(who.size() > 1 ? "score.many" : "score.one"),
                               {{"who", r.list(who)}, {"points", std::to_string(e.points)}});
    s += ": " + what + ".";
    if (who.size() > 1) s += " " + r.t("score.tie");
    const std::string cited = r.rules(e.rules, game);
    return cited.empty() ? s : s + " " + cited;
}

std::string render(const Violation& v, Lang lang, const std::vector<std::string>& names,
                   std::string_view game) {
    Renderer r{lang};
    std::vector<std::string> who;
    for (PlayerId p : v.occupants) who.push_back(r.name(names, p));
    auto terrain = [&](tiledb::Terrain t) {
        return r.t(t == tiledb::Terrain::Field  ? "terrain.field"
                   : t == tiledb::Terrain::Road ? "terrain.road"
                   : t == tiledb::Terrain::City ? "terrain.city"
                                                : "terrain.wall");
    };
    std::string key = std::string("v.") + violationKindName(v.kind);
    if (v.kind == Violation::Kind::FeatureOccupied && who.empty()) key = "v.feature-occupied-barn";
    std::string s = fill(
        r.t(key), {{"tile", v.tile},
                   {"at", pos(v.at)},
                   {"other", pos(v.other)},
                   {"side", r.t("side." + std::to_string(v.side < 0 ? 0 : v.side))},
                   {"ours", terrain(v.ours)},
                   {"theirs", terrain(v.theirs)},
                   {"feature", r.t(std::string("feature.") + tiledb::featureKindName(v.feature))},
                   {"who", r.list(who)}});
    const std::string cited = r.rules(v.rules, game);
    return cited.empty() ? s : s + " " + cited;
}

std::string renderResult(const std::vector<int>& scores, const std::vector<PlayerId>& winners,
                         Lang lang, const std::vector<std::string>& names) {
    Renderer r{lang};
    std::string each;
    for (size_t p = 0; p < scores.size(); ++p)
        each += (p ? ", " : "") + r.name(names, PlayerId(p)) + " " + std::to_string(scores[p]);
    std::vector<std::string> who;
    for (PlayerId p : winners) who.push_back(r.name(names, p));
    return fill(r.t("result.scores"), {{"scores", each}}) + "\n" +
           fill(r.msg.counted("result.winner", int(who.size()), lang), {{"who", r.list(who)}});
}

} // namespace adj::kb
