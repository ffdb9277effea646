// Plain-English sentences for score events and violations, with the ids of the rules applied.
// (The rules knowledge base renders the same data in English, Romanian and Dutch.)
#pragma once

#include "adjudicator/events.h"

#include <string>
#include <vector>

namespace adj {

// names[p] is player p's name; missing names become "player N".
std::string describe(const ScoreEvent& e, const std::vector<std::string>& names = {});
std::string describe(const Violation& v, const std::vector<std::string>& names = {});
std::string ruleList(const RuleList& rules); // "[score.city, score.majority]"

} // namespace adj
