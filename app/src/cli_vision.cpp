// `carcassonne vision synth|enrol|recognise|classify-tile`: the camera pipeline of vision/ on
// files. synth renders a seeded position with known truth; enrol learns an edition's look
// from reference images; recognise reads a board from one photo; classify-tile reads one tile.
#include "cli_commands.h"
#include "tile_set_library.h"

#include "adjudicator/random_game.h"
#include "vision/image_io.h"
#include "vision/recognise.h"
#include "vision/scene.h"
#include "vision/tile_art.h"

#include <opencv2/imgcodecs.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>

namespace carc::cli {

namespace {

// Options shared by synth, enrol, recognise and classify-tile: the game and the reference set.
struct Common {
    std::string set = "base", refs, image;
    bool abbeyMayor = false, json = false;
    int players = 2;
    adj::GameConfig game() const {
        return adj::GameConfig::forSet(set, players,
                                       abbeyMayor ? std::vector<std::string>{"abbey-mayor"}
                                                  : std::vector<std::string>{});
    }
    // Consumes a shared option at args[i]; false if it is not one.
    bool take(const std::vector<std::string>& args, size_t& i) {
        const bool value = i + 1 < args.size();
        if (args[i] == "--set" && value)
            set = args[++i];
        else if (args[i] == "--abbey-mayor")
            abbeyMayor = true;
        else if (args[i] == "--refs" && value)
            refs = args[++i];
        else if (args[i] == "--json")
            json = true;
        else
            return false;
        return true;
    }
    // The one positional argument (an image): false when it is missing or repeated.
    bool takeImage(const std::string& arg) {
        if (!image.empty() || arg.rfind("--", 0) == 0) return false;
        image = arg;
        return true;
    }
    // The game checked, the image read and the references loaded, or an error printed.
    std::optional<std::pair<cv::Mat, vision::ReferenceSet>> load(const char* command) const {
        if (!valid(command)) return std::nullopt;
        const vision::ImageResult img = vision::readImage(image);
        if (!img.ok()) {
            std::fprintf(stderr, "carcassonne vision %s: %s\n", command, img.error.c_str());
            return std::nullopt;
        }
        auto r = references(command);
        if (!r) return std::nullopt;
        return std::pair(img.image, std::move(*r));
    }
    // The reference set from --refs, or our procedural art when none is given.
    std::optional<vision::ReferenceSet> references(const char* command) const {
        std::string error;
        auto r = vision::loadReferences(carc::tileSetSource(carc::defaultTileSetFolder(), refs),
                                        vision::gameSets(game()), &error);
        if (!r) std::fprintf(stderr, "carcassonne vision %s: %s\n", command, error.c_str());
        return r;
    }
    bool valid(const char* command) const {
        std::string error;
        if (adj::State::create(game(), &error)) return true;
        std::fprintf(stderr, "carcassonne vision %s: %s\n", command, error.c_str());
        return false;
    }
};

int synth(const std::vector<std::string>& args) {
    Common c;
    vision::SceneParams p;
    std::string out = "scene.jpg", truth = "scene.json", art;
    int tiles = 30;
    bool autumn = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (c.take(args, i)) continue;
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
        else if (a == "--players" && value)
            c.players = std::atoi(args[++i].c_str());
        else if (a == "--pieces")
            p.pieces = true;
        else if (a == "--art" && value)
            art = args[++i];
        else if (a == "--procedural-autumn")
            autumn = true;
        else if (a == "--blur" && value)
            p.blur = std::atof(args[++i].c_str());
        else if (a == "--noise" && value)
            p.noise = std::atof(args[++i].c_str());
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
                "[--set S] [--abbey-mayor] [--players N] [--pieces] "
                "[--art FOLDER | --procedural-autumn] [--blur SIGMA] [--noise SD] [--occluder] "
                "[--out FILE.jpg] [--truth FILE.json]\n"
                "  --pieces: the game's pieces too (followers, farmers, and with --abbey-mayor "
                "the mayor, wagon and barn), in the players' colours\n"
                "  --art FOLDER: tile faces from one picture per tile kind (named as `vision "
                "enrol --from` reads them); without it, our procedural art\n");
            return 2;
        }
    }
    if (tiles < 1 || p.tiltDeg < 0 || p.tiltDeg > 60 || p.blur < 0 || p.blur > 10 || p.noise < 0 ||
        p.noise > 50 || (!art.empty() && autumn)) {
        std::fprintf(stderr, "carcassonne vision synth: --tiles 1 or more, --tilt 0..60, --blur "
                             "0..10, --noise 0..50, and --art or --procedural-autumn, not both\n");
        return 2;
    }
    if (c.json || !c.refs.empty()) {
        std::fprintf(stderr, "carcassonne vision synth: --json and --refs are for recognise and "
                             "classify-tile (synth writes its truth as JSON to --truth)\n");
        return 2;
    }
    if (!c.valid("synth")) return 1;
    vision::TileFaceSource faces;
    if (autumn) {
        faces = [pal = vision::ProceduralPalette::autumn()](const tiledb::TileKind& k, int rot,
                                                            int size) {
            return vision::drawTile(k, rot, size, 7, pal);
        };
    } else if (!art.empty()) {
        std::string error;
        const std::optional<vision::TileFaceSource> f = carc::artFaces(art, &error);
        if (!f) {
            std::fprintf(stderr, "carcassonne vision synth: %s\n", error.c_str());
            return 1;
        }
        faces = *f;
    }
    adj::RandomGameOptions options;
    options.maxTiles = tiles;
    const adj::State s = adj::playRandomGame(c.game(), p.seed, options);
    const vision::Scene scene = vision::renderScene(s, p, faces);
    if (!cv::imwrite(out, scene.image)) {
        std::fprintf(stderr, "%s: cannot write the image\n", out.c_str());
        return 1;
    }
    if (!(std::ofstream(truth) << scene.truthJson())) {
        std::fprintf(stderr, "%s: cannot write the truth\n", truth.c_str());
        return 1;
    }
    std::printf("%s: %dx%d, %zu tiles, %zu pieces, tilt %.0f°, yaw %.0f°; truth in %s\n",
                out.c_str(), scene.image.cols, scene.image.rows, scene.tiles.size(),
                scene.pieces.size(), p.tiltDeg, p.yawDeg, truth.c_str());
    return 0;
}

// The tile sets kept for every game (tile_set_library.h): our drawn tiles, then each kept set.
int tileSets(const std::vector<std::string>& args) {
    if (!args.empty()) {
        std::fprintf(stderr, "usage: carcassonne vision tile-sets\n");
        return 2;
    }
    const std::string folder = carc::defaultTileSetFolder();
    std::printf("Tile sets the camera knows (%s):\n", folder.c_str());
    for (const carc::TileSetEntry& e : carc::listTileSets(folder)) {
        if (e.path.empty())
            std::printf("  (built in)  our drawn tiles\n");
        else if (!e.problem.empty())
            std::printf("  %-20s  cannot be used: %s\n", e.name.c_str(), e.problem.c_str());
        else
            std::printf("  %-20s  %d pictures of %d tile kinds\n", e.name.c_str(), e.images,
                        e.kinds);
    }
    return 0;
}

int enrol(const std::vector<std::string>& args) {
    Common c;
    std::string from, out = "tiles.refs", keep;
    bool autumn = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (c.take(args, i)) continue;
        if (args[i] == "--from" && i + 1 < args.size())
            from = args[++i];
        else if (args[i] == "--out" && i + 1 < args.size())
            out = args[++i];
        else if (args[i] == "--keep" && i + 1 < args.size())
            keep = args[++i];
        else if (args[i] == "--procedural-autumn")
            autumn = true;
        else {
            std::fprintf(stderr, "usage: carcassonne vision enrol [--set base|winter|demo] "
                                 "[--abbey-mayor] [--from FOLDER | --procedural-autumn] "
                                 "[--out FILE.refs | --keep NAME]\n"
                                 "  FOLDER: one image per tile kind, named by JCloisterZone id "
                                 "(BA/RCr.jpg) or by our id (D.png); or a PHOTO of tiles laid "
                                 "out in rows, listed in PHOTO.txt (a line per row, top first: "
                                 "KIND/R or - per cell); without --from: our procedural art\n"
                                 "  --keep NAME: kept with the tile sets the camera knows "
                                 "(every edition; `--refs NAME` and the window use it)\n");
            return 2;
        }
    }
    if (!c.valid("enrol")) return 1;
    if (!keep.empty()) {
        if (from.empty()) {
            std::fprintf(stderr, "carcassonne vision enrol: --keep needs --from FOLDER\n");
            return 2;
        }
        std::string error;
        std::vector<std::string> skipped;
        const auto kept =
            carc::enrolTileSet(carc::defaultTileSetFolder(), keep, from, &error, {}, &skipped);
        if (!kept) {
            std::fprintf(stderr, "carcassonne vision enrol: %s\n", error.c_str());
            return 1;
        }
        std::printf("%s: %d pictures of %d tile kinds, kept as \"%s\"\n", kept->path.c_str(),
                    kept->images, kept->kinds, kept->name.c_str());
        for (const std::string& f : skipped)
            std::printf("  skipped (names no tile kind): %s\n", f.c_str());
        return 0;
    }
    const auto sets = vision::gameSets(c.game());
    std::optional<vision::ReferenceSet> refs;
    std::vector<std::string> skipped;
    if (from.empty()) {
        refs = vision::enrolProcedural(
            sets, 2, autumn ? vision::ProceduralPalette::autumn() : vision::ProceduralPalette{});
        if (autumn) refs->name = "procedural-autumn";
    } else {
        std::string error;
        refs = carc::enrolPictures(from, &error, {}, &skipped);
        if (!refs) {
            std::fprintf(stderr, "carcassonne vision enrol: %s\n", error.c_str());
            return 1;
        }
    }
    std::string error;
    if (!refs->save(out, &error)) {
        std::fprintf(stderr, "carcassonne vision enrol: %s\n", error.c_str());
        return 1;
    }
    const vision::Recogniser rec(*refs, c.game());
    std::printf("%s: %zu images of %zu kinds (%s)\n", out.c_str(), refs->images.size(),
                refs->kinds().size(), refs->name.c_str());
    for (const std::string& f : skipped)
        std::printf("  skipped (names no tile kind): %s\n", f.c_str());
    const auto missing = rec.missingKinds();
    if (!missing.empty()) {
        std::printf("  no reference for %zu kinds of this game:", missing.size());
        for (const std::string& m : missing) std::printf(" %s", m.c_str());
        std::printf("\n");
    }
    return 0;
}

int recognise(const std::vector<std::string>& args) {
    Common c;
    std::string debug;
    bool ok = true;
    for (size_t i = 0; i < args.size() && ok; ++i) {
        if (c.take(args, i)) continue;
        if (args[i] == "--debug-image" && i + 1 < args.size())
            debug = args[++i];
        else
            ok = c.takeImage(args[i]);
    }
    if (!ok || c.image.empty()) {
        std::fprintf(stderr, "usage: carcassonne vision recognise IMAGE [--set base|winter|demo] "
                             "[--abbey-mayor] [--refs FILE.refs] [--json] [--debug-image F]\n");
        return 2;
    }
    const auto loaded = c.load("recognise");
    if (!loaded) return 1;
    const auto& [picture, refs] = *loaded;
    const std::string& image = c.image;
    const vision::Recogniser rec(refs, c.game());
    const vision::Recognition r = rec.recognise(picture);
    if (!debug.empty() && !cv::imwrite(debug, vision::Recogniser::debugImage(picture, r)))
        std::fprintf(stderr, "%s: cannot write the debug image\n", debug.c_str());
    if (c.json) {
        std::printf("%s", r.json().c_str());
        return r.ok() ? 0 : 1;
    }
    if (!r.ok()) {
        std::fprintf(stderr, "%s: %s\n", image.c_str(), r.error.c_str());
        return 1;
    }
    int uncertain = 0, occluded = 0;
    for (const auto& cell : r.cells) {
        uncertain += cell.status == vision::CellStatus::Uncertain;
        occluded += cell.status == vision::CellStatus::Occluded;
    }
    std::printf("%s: %d tiles, %d uncertain, %d covered (%.0f ms)\n", image.c_str(), r.tiles(),
                uncertain, occluded, r.millis);
    // Cells not certain, and tiles read with a note (by elimination: not from their pixels).
    for (const auto& cell : r.cells) {
        const bool tile = cell.status == vision::CellStatus::Tile;
        if (tile && cell.note.empty()) continue;
        std::printf(
            "  (%d,%d) %s%s%s: %s\n", cell.cell.x, cell.cell.y, vision::cellStatusName(cell.status),
            cell.kind.empty() ? "" : (tile ? " " : ", maybe "),
            cell.kind.empty() ? "" : (cell.kind + " r" + std::to_string(cell.rotation)).c_str(),
            cell.note.in().c_str());
    }
    if (!r.notation.empty())
        std::printf("%s\n", r.notation.c_str());
    else
        std::printf("no notation: %s\n", r.notationProblem.c_str());
    return 0;
}

int classifyTile(const std::vector<std::string>& args) {
    Common c;
    bool ok = true;
    for (size_t i = 0; i < args.size() && ok; ++i)
        if (!c.take(args, i)) ok = c.takeImage(args[i]);
    if (!ok || c.image.empty()) {
        std::fprintf(stderr, "usage: carcassonne vision classify-tile IMAGE [--set ...] "
                             "[--abbey-mayor] [--refs FILE.refs] [--json]\n"
                             "  IMAGE: a photo of one tile, cropped to the tile\n");
        return 2;
    }
    const auto loaded = c.load("classify-tile");
    if (!loaded) return 1;
    const std::string& image = c.image;
    const vision::Recogniser rec(loaded->second, c.game());
    const auto cand = rec.classifier().classifyTilePhoto(loaded->first, 3);
    if (cand.empty()) {
        std::fprintf(stderr, "%s: no tile kind to compare with\n", image.c_str());
        return 1;
    }
    auto id = [&](const vision::Candidate& k) {
        return rec.classifier().kinds()[size_t(k.kind)]->id;
    };
    if (c.json) {
        std::printf("{\"kind\": \"%s\", \"rotation\": %d, \"score\": %.3f, \"alternatives\": [",
                    id(cand[0]).c_str(), cand[0].rotation, double(cand[0].score));
        for (size_t k = 1; k < cand.size(); ++k)
            std::printf("%s{\"kind\": \"%s\", \"rotation\": %d, \"score\": %.3f}",
                        k > 1 ? ", " : "", id(cand[k]).c_str(), cand[k].rotation,
                        double(cand[k].score));
        std::printf("]}\n");
        return 0;
    }
    std::printf("%s: %s, rotation %d (score %.2f)", image.c_str(), id(cand[0]).c_str(),
                cand[0].rotation, double(cand[0].score));
    if (cand.size() > 1)
        std::printf("; next: %s r%d (%.2f)", id(cand[1]).c_str(), cand[1].rotation,
                    double(cand[1].score));
    std::printf("\n");
    if (cand[0].score < 0.6f)
        std::printf("  low score: is the photo cropped to one tile, in this edition's art?\n");
    return 0;
}

} // namespace

int vision(const std::vector<std::string>& args) {
    const std::vector<std::string> rest(args.empty() ? args.begin() : args.begin() + 1, args.end());
    const std::string sub = args.empty() ? "" : args[0];
    if (sub == "synth") return synth(rest);
    if (sub == "enrol") return enrol(rest);
    if (sub == "tile-sets") return tileSets(rest);
    if (sub == "recognise" || sub == "recognize") return recognise(rest);
    if (sub == "classify-tile") return classifyTile(rest);
    if (sub == "record") return visionRecord(rest);
    if (sub == "track") return visionTrack(rest);
    std::fprintf(stderr, "usage: carcassonne vision "
                         "synth|enrol|tile-sets|recognise|classify-tile|record|track ...\n");
    return 2;
}

} // namespace carc::cli
