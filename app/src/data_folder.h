// Where the program keeps what it learns and records for the user: the history, the rules
// index, the enrolled tile sets. One place, so every file lands beside the others.
#pragma once

#include <string>

namespace carc {

// $XDG_DATA_HOME/carcassonne-scorer, or ~/.local/share/carcassonne-scorer (not created here).
std::string dataFolder();

} // namespace carc
