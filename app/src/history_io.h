// Moving games in and out of the history store: JSON (`carcassonne-history/1`, every turn,
// lossless), CSV (one row per player per game, for spreadsheets), and JCloisterZone replays.
// Every imported game is replayed through the engine before it is kept, inside one
// transaction: a game that does not replay is refused whole, with the reason.
#pragma once

#include "history_store.h"

#include <string>
#include <string_view>
#include <vector>

namespace carc::history {

std::string exportJson(const Store& store, const std::vector<GameId>& games);
std::string exportCsv(const Store& store, const std::vector<GameId>& games);

struct ImportReport {
    std::vector<GameId> added;
    std::vector<std::string> skipped; // already stored (same uuid)
    std::vector<std::string> refused; // "game N (uuid): why"
    std::string error;                // the file as a whole could not be read
    bool ok() const { return error.empty() && refused.empty(); }
};

// `text` is an export; `file` names it in messages.
ImportReport importJson(Store& store, std::string_view text, const std::string& file);
// A JCloisterZone replay becomes one game (source "jcz").
ImportReport importJcz(Store& store, std::string_view text, const std::string& file);

} // namespace carc::history
