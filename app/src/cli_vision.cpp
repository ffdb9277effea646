// `carcassonne vision synth [--tiles N] [--seed S] [--tilt DEG] [--yaw DEG] [--set S]
//  [--occluder] [--out FILE.jpg] [--truth FILE.json]`: renders a seeded position as a photo
// with known truth (the scene generator of vision/).
#include "cli_commands.h"

#include "adjudicator/random_game.h"
#include "vision/scene.h"

#include <opencv2/imgcodecs.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace carc::cli {

namespace {

int synth(const std::vector<std::string>& args) {
    vision::SceneParams p;
    std::string set = "base", out = "scene.jpg", truth = "scene.json";
    int tiles = 30;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool value = i + 1 < args.size();
        if (a == "--tiles" && value)
            tiles = std::atoi(args[++i].c_str());
        else if (a == "--seed" && value)
            p.seed = std::strtoull(args[++i].c_str(), nullptr, 10);
        else if (a == "--tilt" && value)
            p.tiltDeg = std::atof(args[++i].c_str());
        else if (a == "--yaw" && value)
            p.yawDeg = std::atof(args[++i].c_str());
        else if (a == "--set" && value)
            set = args[++i];
        else if (a == "--occluder")
            p.occluder = true;
        else if (a == "--out" && value)
            out = args[++i];
        else if (a == "--truth" && value)
            truth = args[++i];
        else {
            std::fprintf(
                stderr,
                "usage: carcassonne vision synth [--tiles N] [--seed S] [--tilt DEG] [--yaw DEG] "
                "[--set S] [--occluder] [--out FILE.jpg] [--truth FILE.json]\n");
            return 2;
        }
    }
    if (tiles < 1 || tiles > 84 || p.tiltDeg < 0 || p.tiltDeg > 60) {
        std::fprintf(stderr, "carcassonne vision synth: --tiles 1..84, --tilt 0..60\n");
        return 2;
    }
    std::string error;
    if (!adj::State::create(adj::GameConfig::forSet(set, 2), &error)) {
        std::fprintf(stderr, "carcassonne vision synth: %s\n", error.c_str());
        return 1;
    }
    adj::RandomGameOptions options;
    options.maxTiles = tiles;
    const adj::State s = adj::playRandomGame(adj::GameConfig::forSet(set, 2), p.seed, options);
    const vision::Scene scene = vision::renderScene(s, p);
    if (!cv::imwrite(out, scene.image)) {
        std::fprintf(stderr, "%s: cannot write the image\n", out.c_str());
        return 1;
    }
    std::ofstream(truth) << scene.truthJson();
    std::printf("%s: %dx%d, %zu tiles, tilt %.0f°, yaw %.0f°; truth in %s\n", out.c_str(),
                scene.image.cols, scene.image.rows, scene.tiles.size(), p.tiltDeg, p.yawDeg,
                truth.c_str());
    return 0;
}

} // namespace

int vision(const std::vector<std::string>& args) {
    if (!args.empty() && args[0] == "synth")
        return synth(std::vector<std::string>(args.begin() + 1, args.end()));
    std::fprintf(stderr, "usage: carcassonne vision synth [options]   (recognition comes next)\n");
    return 2;
}

} // namespace carc::cli
