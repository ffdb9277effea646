// `carcassonne replay FILE.jcz [--json]`: replays a JCloisterZone game through the engine and
// prints every score event with its explanation, the final scores and the file's assertions.
#include "cli_commands.h"
#include "event_json.h"

#include "adjudicator/jcz.h"
#include "adjudicator/render.h"

#include "tiledb/catalogue.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace carc::cli {

namespace {

const char* statusName(adj::jcz::AssertionResult::Status s) {
    switch (s) {
    case adj::jcz::AssertionResult::Status::Pass: return "pass";
    case adj::jcz::AssertionResult::Status::Fail: return "FAIL";
    case adj::jcz::AssertionResult::Status::Ignored: return "ignored";
    }
    return "?";
}

} // namespace

int replay(const std::vector<std::string>& args) {
    std::string file;
    bool json = false;
    adj::kb::Lang lang = adj::kb::Lang::En;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--json") {
            json = true;
        } else if (a == "--lang" && i + 1 < args.size() && adj::kb::langFromCode(args[i + 1])) {
            lang = *adj::kb::langFromCode(args[++i]);
        } else if (file.empty() && a[0] != '-') {
            file = a;
        } else {
            std::fprintf(stderr, "usage: carcassonne replay FILE.jcz [--json] [--lang en|ro|nl]\n");
            return 2;
        }
    }
    if (file.empty()) {
        std::fprintf(stderr, "usage: carcassonne replay FILE.jcz [--json] [--lang en|ro|nl]\n");
        return 2;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "%s: cannot open the file\n", file.c_str());
        return 1;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    std::string error;
    const auto replay = adj::jcz::parse(ss.str(), &error);
    if (!replay) {
        std::fprintf(stderr, "%s: %s\n", file.c_str(), error.c_str());
        return 1;
    }
    const adj::jcz::Result result = adj::jcz::run(*replay);
    const auto& names = replay->players;
    if (json) {
        using tiledb::jsonString;
        std::string o = "{\n  \"file\": " + jsonString(file) + ",\n  \"players\": [";
        for (size_t i = 0; i < names.size(); ++i) o += (i ? ", " : "") + jsonString(names[i]);
        o += "],\n  \"events\": [";
        for (size_t i = 0; i < result.events.size(); ++i)
            o += (i ? ",\n    " : "\n    ") +
                 scoreEventJson(result.events[i], names, replay->config.baseSet, {lang});
        o += "],\n  \"scores\": {";
        for (size_t i = 0; i < names.size() && result.state; ++i)
            o += (i ? ", " : "") + jsonString(names[i]) + ": " +
                 std::to_string(result.state->score(int(i)));
        o += "},\n  \"error\": " +
             (result.error.empty() ? std::string("null") : jsonString(result.error));
        o += ",\n  \"assertions\": [";
        for (size_t i = 0; i < result.assertions.size(); ++i) {
            const auto& a = result.assertions[i];
            o += (i ? ",\n    " : "\n    ") + std::string("{\"text\": ") + jsonString(a.text) +
                 ", \"status\": " + jsonString(statusName(a.status)) +
                 ", \"detail\": " + jsonString(a.detail) + "}";
        }
        o += "],\n  \"ignored\": [";
        for (size_t i = 0; i < replay->ignored.size(); ++i)
            o += (i ? ", " : "") + jsonString(replay->ignored[i]);
        std::printf("%s]\n}\n", o.c_str());
    } else {
        std::printf("%s: %zu players (", file.c_str(), names.size());
        for (size_t i = 0; i < names.size(); ++i)
            std::printf("%s%s", i ? ", " : "", names[i].c_str());
        std::printf("), %s%s\n", replay->config.baseSet.c_str(),
                    replay->config.rules.farmers ? ", farmers" : ", no farmers");
        if (!replay->description.empty()) std::printf("  test: %s\n", replay->description.c_str());
        for (const std::string& i : replay->ignored) std::printf("  ignored: %s\n", i.c_str());
        for (const auto& e : result.events)
            std::printf("  %s\n", adj::kb::render(e, lang, names, replay->config.baseSet).c_str());
        if (!result.error.empty()) std::printf("  STOPPED: %s\n", result.error.c_str());
        if (result.state) {
            std::printf("final scores:");
            for (size_t i = 0; i < names.size(); ++i)
                std::printf(" %s %d%s", names[i].c_str(), result.state->score(int(i)),
                            i + 1 < names.size() ? "," : "\n");
        }
        int pass = 0, fail = 0, ignored = 0;
        for (const auto& a : result.assertions) {
            pass += a.status == adj::jcz::AssertionResult::Status::Pass;
            fail += a.status == adj::jcz::AssertionResult::Status::Fail;
            ignored += a.status == adj::jcz::AssertionResult::Status::Ignored;
            std::printf("  [%s] %s%s%s\n", statusName(a.status), a.text.c_str(),
                        a.status == adj::jcz::AssertionResult::Status::Fail ? " -- engine: " : "",
                        a.status == adj::jcz::AssertionResult::Status::Fail ? a.detail.c_str()
                                                                            : "");
        }
        std::printf("assertions: %d passed, %d failed, %d ignored\n", pass, fail, ignored);
    }
    return result.passed() ? 0 : 1;
}

} // namespace carc::cli
