// Scene s of bench_vision's sweep (issue 7's table), one place for the bench and the tests that
// replay a scene of it: the game (base, Winter, base + Abbey & Mayor by turns of four), the
// board's size, the camera (tilt 0/20/35/45, yaw) and three light-and-blur levels.
#pragma once

#include "vision/recognise.h"
#include "vision/scene.h"

#include "adjudicator/random_game.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace bench {

inline const std::vector<adj::GameConfig>& sweepGames() {
    static const std::vector<adj::GameConfig> games = {
        adj::GameConfig::forSet("base", 2), adj::GameConfig::forSet("winter", 2),
        adj::GameConfig::forSet("base", 2, {"abbey-mayor"})};
    return games;
}

inline int sweepGame(int s) {
    return (s / 4) % 3;
}

// Light and blur: 0 mild, 1 normal, 2 harsh.
inline int sweepLevel(int s) {
    return (s / 12) % 3;
}

// The tile sets the sweep's games use, for enrolling an art source.
inline std::vector<const tiledb::TileSet*> sweepSets() {
    std::vector<const tiledb::TileSet*> sets;
    for (const char* id : {"base", "winter", "abbey-mayor"})
        sets.push_back(tiledb::Catalogue::bundled().set(id));
    return sets;
}

// The sweep's games as an art source plays them: a game whose kinds the art lacks (the shared
// folders have no Winter Edition art) with the base set instead, since drawing the missing
// kinds in another style while the references lack them would measure the bench, not the
// pipeline.
inline std::vector<adj::GameConfig> playableGames(const vision::ReferenceSet& refs) {
    std::vector<adj::GameConfig> games = sweepGames();
    for (adj::GameConfig& g : games)
        if (!vision::Recogniser(refs, g).missingKinds().empty()) g = sweepGames()[0];
    return games;
}

// The board of scene s, played with `game` (sweepGames()[sweepGame(s)], or base when the art
// lacks the game's kinds); `small`: boards of 1, 2, 3, 5 and 8 tiles.
inline adj::State sweepBoard(int s, const adj::GameConfig& game, bool small = false) {
    const int maxTiles = game.expansions.empty() && game.baseSet == "base" ? 72 : 84;
    const int smallSizes[5] = {1, 2, 3, 5, 8};
    adj::RandomGameOptions o;
    o.maxTiles = small ? smallSizes[s % 5] : std::min(maxTiles, 10 + (s * 37) % 75);
    o.keepLog = false;
    return adj::playRandomGame(game, 1000 + std::uint64_t(s), o);
}

// The camera and light of scene s over `board`; `small`: a camera at a fixed height (tiles
// ~70 px) looking at the board's middle.
inline vision::SceneParams sweepCamera(int s, const adj::State& board, bool small = false) {
    const double tilts[4] = {0, 20, 35, 45};
    vision::SceneParams p;
    p.seed = 5000 + std::uint64_t(s);
    p.tiltDeg = tilts[s % 4];
    p.yawDeg = (s * 47) % 360;
    if (small) {
        const adj::Bounds b = board.board().extent();
        p.tilesAcross = p.height / 70.0;
        p.lookAt = {(b.minX + b.maxX + 1) / 2.0, (b.minY + b.maxY + 1) / 2.0};
    }
    const int level = sweepLevel(s);
    p.light = 0.2 + 0.15 * level, p.colourCast = 0.04 + 0.04 * level;
    p.noise = 2 + 2.5 * level, p.blur = 0.5 + 0.4 * level;
    p.jpegQuality = 95 - 10 * level;
    return p;
}

} // namespace bench
