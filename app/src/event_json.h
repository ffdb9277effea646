// Score events as JSON, with the rules that applied and the explanation in one or more
// languages: the `carcassonne replay --json` output and the events column of the history store.
#pragma once

#include "adjudicator/events.h"
#include "adjudicator/knowledge.h"

#include <string>
#include <string_view>
#include <vector>

namespace carc {

// names: the players' names, used in the explanations; scorers are written by name, or by seat
// when scorersBySeat. "text" is an object {"en": ..., "ro": ...}, a member per language asked.
std::string scoreEventJson(const adj::ScoreEvent& e, const std::vector<std::string>& names,
                           std::string_view game, const std::vector<adj::kb::Lang>& langs,
                           bool scorersBySeat = false);

// The feature's name in statistics: road, city, cloister (abbeys too) or field.
const char* statsFeatureName(tiledb::FeatureKind k);

} // namespace carc
