// Sub-commands of the `carcassonne` tool. Each returns the process exit code:
// 0 success, 1 the input was bad (the message says what and where), 2 usage error.
#pragma once

#include <string>
#include <vector>

namespace adj {
class State;
namespace kb {
enum class Lang : int; // adjudicator/knowledge.h
}
} // namespace adj

namespace carc::cli {

int tiles(const std::vector<std::string>& args);
int replay(const std::vector<std::string>& args);
int explain(const std::vector<std::string>& args);
int simulate(const std::vector<std::string>& args);
int vision(const std::vector<std::string>& args);
int visionRecord(const std::vector<std::string>& args); // cli_track.cpp
int visionTrack(const std::vector<std::string>& args);
int history(const std::vector<std::string>& args);
int play(const std::vector<std::string>& args);

// The end of a narrated game: the board (withBoard), "Final scores: A 3, B 5" and the winner(s),
// in `lang`.
void printFinalScores(const adj::State& s, const std::vector<std::string>& names, bool withBoard,
                      adj::kb::Lang lang);

} // namespace carc::cli
