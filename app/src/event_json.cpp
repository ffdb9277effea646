#include "event_json.h"

#include "adjudicator/render.h"

#include "tiledb/catalogue.h"

namespace carc {

const char* statsFeatureName(tiledb::FeatureKind k) {
    return k == tiledb::FeatureKind::Abbey ? "cloister" : tiledb::featureKindName(k);
}

std::string scoreEventJson(const adj::ScoreEvent& e, const std::vector<std::string>& names,
                           std::string_view game, const std::vector<adj::kb::Lang>& langs,
                           bool scorersBySeat) {
    using tiledb::jsonString;
    static const char* const codes[] = {"en", "ro", "nl"};
    std::string o = "{\"feature\": " + jsonString(statsFeatureName(e.feature));
    o += ", \"when\": " +
         jsonString(e.when == adj::ScoreEvent::When::Completed ? "completed" : "end");
    o += ", \"points\": " + std::to_string(e.points) + ", \"scorers\": [";
    for (int i = 0; i < e.scorers.size(); ++i) {
        const size_t p = size_t(e.scorers[i]);
        o += (i ? ", " : "") +
             (scorersBySeat ? std::to_string(p) : jsonString(p < names.size() ? names[p] : "?"));
    }
    o += "], \"tiles\": [";
    for (size_t i = 0; i < e.tiles.size(); ++i)
        o += (i ? ", [" : "[") + std::to_string(e.tiles[i].x) + ", " +
             std::to_string(e.tiles[i].y) + "]";
    o += "], \"pennants\": " + std::to_string(e.pennants) +
         ", \"cities\": " + std::to_string(e.cities);
    o += ", \"rules\": [";
    for (int i = 0; i < e.rules.size(); ++i)
        o += (i ? ", " : "") + jsonString(adj::ruleId(e.rules[i]));
    o += "], \"text\": {";
    for (size_t i = 0; i < langs.size(); ++i)
        o += (i ? ", " : "") + jsonString(codes[int(langs[i])]) + ": " +
             jsonString(adj::kb::render(e, langs[i], names, game));
    return o + "}}";
}

} // namespace carc
