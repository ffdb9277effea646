// `carcassonne`: the command-line tool. Each sub-command is a thin adapter over a library.
#include "cli_commands.h"
#include "vision/frame_memory.h"

#include <cstdio>
#include <string>
#include <vector>

namespace {

void usage(std::FILE* out) {
    std::fputs("usage: carcassonne COMMAND [ARGS]\n"
               "\n"
               "commands:\n"
               "  tiles [--set base|winter|demo|abbey-mayor] [--json] [--dir FOLDER]\n"
               "        list a tile catalogue (a table for people, or JSON for tools)\n"
               "  replay FILE.jcz [--json]\n"
               "        replay a JCloisterZone game: score events, final scores, its assertions\n"
               "  explain \"QUESTION\" [--lang en|ro|nl] [--game G] [--json] | explain --id ENTRY\n"
               "        answer a rules question from the knowledge base (5 games, 3 languages)\n"
               "  simulate [--set S] [--abbey-mayor] [--players N] [--seed N] [--lang en|ro|nl] "
               "[--quiet]\n"
               "        play a seeded game with random legal moves, narrated and scored\n"
               "  vision synth [--tiles N] [--seed S] [--tilt DEG] [--yaw DEG] [--occluder] [--out "
               "F] [--truth F]\n"
               "        render a seeded position as a photo with known truth (JSON)\n"
               "  vision record --out DIR [--seed S] [--players N] [--tiles N] [--bump TURN]\n"
               "                [--sample] [--video]\n"
               "        a seeded game (or the sample game) as a fixed camera's pictures (or a\n"
               "        video), a hand before each turn\n"
               "  vision track FOLDER|VIDEO [--refs F] [--lang en|ro|nl] [--json]\n"
               "        follow a game from its pictures, or a video's still frames: turns,\n"
               "        scores with their rules\n"
               "  history list|show|replay|export|import|stats|check [--db FILE]\n"
               "        the games played, stored in SQLite (carcassonne history for details)\n"
               "  play [--recording DIR] [--actions] [--delay MS] [--lang en|ro|nl] [--db FILE]\n"
               "       [--quiet]\n"
               "        with no camera: follow the bundled sample game's recording through the\n"
               "        camera pipeline, turn by turn, scored and explained (the main job\n"
               "        without a window)\n"
               "  help  this text\n",
               out);
}

} // namespace

int main(int argc, char** argv) {
    vision::keepFrameMemory(); // pictures are read one after another (vision, play)
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
        usage(args.empty() ? stderr : stdout);
        return args.empty() ? 2 : 0;
    }
    const std::string command = args[0];
    args.erase(args.begin());
    if (command == "tiles") return carc::cli::tiles(args);
    if (command == "replay") return carc::cli::replay(args);
    if (command == "explain") return carc::cli::explain(args);
    if (command == "simulate") return carc::cli::simulate(args);
    if (command == "vision") return carc::cli::vision(args);
    if (command == "history") return carc::cli::history(args);
    if (command == "play") return carc::cli::play(args);
    std::fprintf(stderr, "carcassonne: unknown command '%s'\n\n", command.c_str());
    usage(stderr);
    return 2;
}
