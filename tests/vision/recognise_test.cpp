// Enrolment, single-tile classification and board recognition on generated scenes whose
// truth is known: our procedural art, a second procedural look the pipeline was not tuned on
// (it must learn it from references alone), and the real artwork when ../shared has it.
#include "../bench/bench_art.h"
#include "../bench/bench_scenes.h"
#include "vision/evaluate.h"
#include "vision/frame_memory.h"
#include "vision/lattice.h"
#include "vision/recognise.h"
#include "vision/reference_set.h"
#include "vision/scene.h"
#include "vision/tile_art.h"

#include "adjudicator/random_game.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <gtest/gtest.h>

#include <malloc.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <tuple>

namespace {

namespace fs = std::filesystem;

std::vector<const tiledb::TileSet*> baseSets() {
    return {tiledb::Catalogue::bundled().set("base")};
}

// A fresh folder under the system's temporary one, removed with what it holds when done.
struct TempDir {
    explicit TempDir(const std::string& name)
        : path(fs::temp_directory_path() /
               ("carc-vision-" + name + "-" + std::to_string(::getpid()))) {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ignored; // a test's leftovers are no reason to fail it
        fs::remove_all(path, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const fs::path path;
};

// A scene of a seeded random base game of `tiles` tiles (game seed `game`, scene seed `seed`).
vision::Scene baseScene(int tiles, std::uint64_t game, std::uint64_t seed, double tilt,
                        double yaw = 0) {
    adj::RandomGameOptions o;
    o.maxTiles = tiles;
    const adj::State st = adj::playRandomGame(adj::GameConfig::forSet("base", 2), game, o);
    vision::SceneParams p;
    p.seed = seed;
    p.tiltDeg = tilt;
    p.yawDeg = yaw;
    return vision::renderScene(st, p);
}

// Recognises `count` seeded base-game scenes and sums the evaluations.
vision::Evaluation recogniseScenes(const vision::Recogniser& rec, int count, int tiles, double tilt,
                                   const vision::TileFaceSource& faces = {}) {
    vision::Evaluation sum;
    for (int s = 0; s < count; ++s) {
        adj::RandomGameOptions o;
        o.maxTiles = tiles;
        const adj::State st =
            adj::playRandomGame(adj::GameConfig::forSet("base", 2), 40 + std::uint64_t(s), o);
        vision::SceneParams p;
        p.seed = 70 + std::uint64_t(s);
        p.tiltDeg = tilt;
        p.yawDeg = 33.0 * s;
        const vision::Scene scene = vision::renderScene(st, p, faces);
        const vision::Recognition r = rec.recognise(scene.image);
        EXPECT_TRUE(r.ok()) << r.error;
        sum += vision::evaluate(scene, r);
    }
    return sum;
}

} // namespace

TEST(ReferenceSet, SavesAndLoadsBack) {
    const vision::ReferenceSet refs = vision::enrolProcedural(baseSets(), 1);
    ASSERT_EQ(refs.kinds().size(), 24u);
    const TempDir dir("refs");
    const fs::path file = dir.path / "base.refs";
    std::string error;
    ASSERT_TRUE(refs.save(file.string(), &error)) << error;
    const auto back = vision::ReferenceSet::load(file.string(), &error);
    ASSERT_TRUE(back) << error;
    ASSERT_EQ(back->images.size(), refs.images.size());
    EXPECT_EQ(back->name, "procedural");
    for (size_t i = 0; i < refs.images.size(); ++i) {
        EXPECT_EQ(back->images[i].kind, refs.images[i].kind);
        EXPECT_EQ(cv::norm(back->images[i].image, refs.images[i].image, cv::NORM_INF), 0);
    }
}

TEST(ReferenceSet, DamagedFilesSayWhatIsWrong) {
    const vision::ReferenceSet refs = vision::enrolProcedural(baseSets(), 1);
    const TempDir temp("refs-bad");
    const fs::path& dir = temp.path;
    const fs::path good = dir / "good.refs";
    ASSERT_TRUE(refs.save(good.string(), nullptr));
    std::string bytes;
    {
        std::ifstream in(good, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    std::string error;
    // Truncated in the middle of an image.
    std::ofstream(dir / "cut.refs", std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    EXPECT_FALSE(vision::ReferenceSet::load((dir / "cut.refs").string(), &error));
    EXPECT_NE(error.find("cut.refs"), std::string::npos) << error;
    EXPECT_NE(error.find("truncated"), std::string::npos) << error;
    // Not a reference set at all.
    std::ofstream(dir / "other.refs") << "P6\n64 64\n255\n";
    EXPECT_FALSE(vision::ReferenceSet::load((dir / "other.refs").string(), &error));
    EXPECT_NE(error.find("not a reference set"), std::string::npos) << error;
    // Trailing garbage, and a missing file.
    std::ofstream(dir / "long.refs", std::ios::binary) << bytes << "xyz";
    EXPECT_FALSE(vision::ReferenceSet::load((dir / "long.refs").string(), &error));
    EXPECT_NE(error.find("after the last image"), std::string::npos) << error;
    EXPECT_FALSE(vision::ReferenceSet::load((dir / "none.refs").string(), &error));
    EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
}

TEST(ReferenceSet, EnrolsAFolderNamedByJczIds) {
    const TempDir temp("art");
    const fs::path& dir = temp.path;
    fs::create_directories(dir / "BA");
    const auto& base = *tiledb::Catalogue::bundled().set("base");
    for (const tiledb::TileKind& k : base.kinds)
        cv::imwrite((dir / (k.jcz + ".png")).string(), vision::drawTile(k, 0, 120, 5));
    cv::imwrite((dir / "BA" / "RFr@alt.png").string(),
                vision::drawTile(*base.find("U"), 0, 120, 6));
    std::ofstream(dir / "BA" / "RCr@scan.png") << "not an image";
    cv::imwrite((dir / "BA" / "Unknown.png").string(), cv::Mat(8, 8, CV_8UC3, cv::Scalar(1)));
    std::string error;
    std::vector<std::string> skipped;
    EXPECT_FALSE(vision::enrolFolder(dir.string(), baseSets(), &error, &skipped));
    EXPECT_NE(error.find("RCr@scan.png"), std::string::npos) << error; // unreadable: an error
    fs::remove(dir / "BA" / "RCr@scan.png");
    skipped.clear();
    const auto refs = vision::enrolFolder(dir.string(), baseSets(), &error, &skipped);
    ASSERT_TRUE(refs) << error;
    EXPECT_EQ(refs->kinds().size(), 24u);
    EXPECT_EQ(refs->images.size(), 25u); // U twice: its @alt drawing
    ASSERT_EQ(skipped.size(), 1u);
    EXPECT_NE(skipped[0].find("Unknown.png"), std::string::npos);
    EXPECT_FALSE(vision::enrolFolder((dir / "missing").string(), baseSets(), &error));
}

// A photo of one tile: every kind of the base game, every rotation, a drawing with other
// grain than the references, a little blur and noise.
TEST(Classifier, ReadsEveryBaseTileInEveryRotation) {
    const vision::Recogniser rec(vision::enrolProcedural(baseSets()),
                                 adj::GameConfig::forSet("base", 2));
    cv::RNG rng(3);
    int right = 0, total = 0;
    for (const tiledb::TileKind& k : tiledb::Catalogue::bundled().set("base")->kinds)
        for (int r = 0; r < 4; ++r) {
            cv::Mat photo = vision::drawTile(k, r, 150, 77);
            cv::GaussianBlur(photo, photo, cv::Size(0, 0), 1.2);
            cv::Mat noise(photo.size(), CV_16SC3);
            rng.fill(noise, cv::RNG::NORMAL, 0, 5);
            cv::Mat p16;
            photo.convertTo(p16, CV_16SC3);
            p16 += noise;
            p16.convertTo(photo, CV_8UC3);
            const auto cand = rec.classifier().classifyTilePhoto(photo);
            ASSERT_FALSE(cand.empty());
            const auto& got = *rec.classifier().kinds()[size_t(cand[0].kind)];
            const bool ok = got.id == k.id && cand[0].rotation == r % k.distinctRotations;
            EXPECT_TRUE(ok) << k.id << " r" << r << " read as " << got.id << " r"
                            << cand[0].rotation;
            right += ok, ++total;
        }
    EXPECT_EQ(right, total);
}

TEST(Recognise, SmallBoardsFromAboveAndTilted) {
    const vision::Recogniser rec(vision::enrolProcedural(baseSets()),
                                 adj::GameConfig::forSet("base", 2));
    for (double tilt : {0.0, 30.0}) {
        const vision::Evaluation e = recogniseScenes(rec, 3, 14, tilt);
        SCOPED_TRACE("tilt " + std::to_string(tilt));
        // Honest figures of today's pipeline (the benchmark has the full table): most tiles
        // read, almost nothing read wrongly without saying so, nothing invented.
        EXPECT_GE(e.correct, e.truthTiles * 8 / 10);
        EXPECT_LE(e.wrong, e.truthTiles / 20);
        EXPECT_EQ(e.extra, 0);
        EXPECT_EQ(e.missed, 0);
        EXPECT_LT(e.cornerError / 3, 6.0); // mean pixels per scene, tiles of about 100 pixels
    }
}

// Boards of 1 to 8 tiles (the first turns of a game) are too small for the lattice search:
// their tiles' squares give the grid. A camera at a fixed height (tiles about 70 pixels in a
// 1280 x 720 picture), tilts 0 to 45 degrees, several yaws, our art and the unseen "autumn".
TEST(Recognise, BoardsOfOneToEightTiles) {
    struct Look {
        const char* name;
        vision::ReferenceSet refs;
        vision::TileFaceSource faces;
    };
    const auto pal = vision::ProceduralPalette::autumn();
    const Look looks[] = {{"procedural", vision::enrolProcedural(baseSets()), {}},
                          {"autumn", vision::enrolProcedural(baseSets(), 2, pal),
                           [pal](const tiledb::TileKind& k, int r, int size) {
                               return vision::drawTile(k, r, size, 9, pal);
                           }}};
    for (const Look& look : looks) {
        const vision::Recogniser rec(look.refs, adj::GameConfig::forSet("base", 2));
        std::printf("%-10s | tiles | scenes | found | right | wrong | unsure | extra\n", look.name);
        vision::Evaluation all;
        int scenes = 0, found = 0;
        for (int size : {1, 2, 3, 5, 8}) {
            vision::Evaluation sum;
            int n = 0, ok = 0;
            for (double tilt : {0.0, 20.0, 35.0, 45.0})
                for (int y = 0; y < 2; ++y) {
                    const std::uint64_t seed = std::uint64_t(size * 100 + int(tilt) * 2 + y);
                    adj::RandomGameOptions o;
                    o.maxTiles = size;
                    const adj::State st =
                        adj::playRandomGame(adj::GameConfig::forSet("base", 2), seed, o);
                    vision::SceneParams p;
                    p.width = 1280, p.height = 720;
                    const adj::Bounds b = st.board().extent();
                    p.tilesAcross = p.height / 70.0; // a camera at a fixed height
                    p.lookAt = {(b.minX + b.maxX + 1) / 2.0, (b.minY + b.maxY + 1) / 2.0};
                    p.seed = 900 + seed;
                    p.tiltDeg = tilt;
                    p.yawDeg = 17 + 61.0 * double(y + size) + tilt;
                    const vision::Scene scene = vision::renderScene(st, p, look.faces);
                    const vision::Recognition r = rec.recognise(scene.image);
                    ++n, ok += r.ok();
                    sum += vision::evaluate(scene, r);
                }
            std::printf("%-10s | %5d | %6d | %5d | %5d | %5d | %6d | %5d\n", "", size, n, ok,
                        sum.correct, sum.wrong, sum.unsure + sum.missed, sum.extra);
            all += sum, scenes += n, found += ok;
        }
        std::printf("%-10s | all   | %6d | %5d | %5d | %5d | %6d | %5d (of %d tiles)\n", "", scenes,
                    found, all.correct, all.wrong, all.unsure + all.missed, all.extra,
                    all.truthTiles);
        SCOPED_TRACE(look.name);
        // Measured (152 tiles in 40 scenes per look): procedural 39 boards found, 142 tiles
        // right, 1 wrong, 9 unsure or missed, 1 extra; autumn 37 found, 139 right, 3 wrong, 10
        // unsure or missed, 0 extra. The boards not found are single tiles; the wrong tiles lie
        // on boards of 5 and 8 tiles.
        const bool ours = std::string(look.name) == "procedural";
        EXPECT_GE(found, ours ? 39 : 37);
        EXPECT_GE(all.correct, ours ? 142 : 139);
        EXPECT_LE(all.wrong, ours ? 1 : 3) << "a tile read wrongly is a silent error";
        EXPECT_LE(all.extra, ours ? 1 : 0);
    }
}

// Art the pipeline was not tuned on: it learns the look from the references alone.
TEST(Recognise, LearnsAnotherLookFromReferences) {
    const auto pal = vision::ProceduralPalette::autumn();
    const vision::Recogniser rec(vision::enrolProcedural(baseSets(), 2, pal),
                                 adj::GameConfig::forSet("base", 2));
    const vision::Evaluation e =
        recogniseScenes(rec, 3, 14, 20, [pal](const tiledb::TileKind& k, int r, int size) {
            return vision::drawTile(k, r, size, 9, pal);
        });
    EXPECT_GE(e.correct, e.truthTiles * 7 / 10);
    EXPECT_LE(e.wrong, e.truthTiles / 20);
    EXPECT_EQ(e.extra, 0);
}

TEST(Recognise, RealArtworkWhenPresent) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/newart";
    if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is not here";
    std::string error;
    const auto images = vision::loadArtFolder(folder, baseSets(), &error);
    ASSERT_TRUE(images) << error;
    vision::ReferenceSet refs;
    for (const auto& im : *images) refs.add(im.kind, im.image);
    const vision::Recogniser rec(refs, adj::GameConfig::forSet("base", 2));
    const vision::Evaluation e = recogniseScenes(rec, 2, 14, 20, vision::facesFromImages(*images));
    EXPECT_GE(e.correct, e.truthTiles / 2);
    EXPECT_EQ(e.extra, 0);
}

TEST(Recognise, OccludedCellsAreReportedNotGuessed) {
    const vision::Recogniser rec(vision::enrolProcedural(baseSets()),
                                 adj::GameConfig::forSet("base", 2));
    int wrong = 0, unsure = 0, total = 0;
    for (std::uint64_t s = 0; s < 3; ++s) {
        adj::RandomGameOptions o;
        o.maxTiles = 20;
        const adj::State st = adj::playRandomGame(adj::GameConfig::forSet("base", 2), 90 + s, o);
        vision::SceneParams p;
        p.seed = 300 + s;
        p.occluder = true;
        const vision::Scene scene = vision::renderScene(st, p);
        const vision::Evaluation e = vision::evaluate(scene, rec.recognise(scene.image));
        wrong += e.wrong, unsure += e.unsure + e.missed, total += e.truthTiles;
    }
    EXPECT_GT(unsure, 0);         // the hand hides something, and that is said
    EXPECT_LE(wrong, total / 20); // but what it hides is not silently made up
}

// Per-tile refinement from a tile's outline: squares expected up to a tenth of a tile too large
// or small and up to 8% off (a lattice fitted on a few tiles) are measured where the tiles lie
// (procedural art at 20 degrees, hand-laid tiles). Measured: 89 of 100 squares measured, mean
// corner error 0.070 -> 0.031 of a tile; a square it cannot measure says so (nullopt), as does a
// blank picture.
TEST(Lattice, MeasuresATileSquareFromItsOutline) {
    const vision::Scene scene = baseScene(25, 17, 5, 20);
    auto error = [](const std::array<cv::Point2f, 4>& q, const std::array<cv::Point2f, 4>& t) {
        double d = 0;
        for (size_t k = 0; k < 4; ++k) d += cv::norm(q[k] - t[k]) / 4;
        return d / cv::norm(t[1] - t[0]);
    };
    cv::RNG rng(3);
    double before = 0, after = 0;
    int measured = 0, n = 0;
    for (const vision::TileTruth& t : scene.tiles)
        for (int trial = 0; trial < 4; ++trial, ++n) {
            const cv::Point2f c = (t.corners[0] + t.corners[1] + t.corners[2] + t.corners[3]) / 4;
            const float side = float(cv::norm(t.corners[1] - t.corners[0]));
            const float scale = float(rng.uniform(0.9, 1.1));
            const cv::Point2f shift(float(rng.uniform(-0.08, 0.08)) * side,
                                    float(rng.uniform(-0.08, 0.08)) * side);
            std::array<cv::Point2f, 4> expected;
            for (size_t k = 0; k < 4; ++k) expected[k] = c + (t.corners[k] - c) * scale + shift;
            const auto square = vision::squareFromOutline(scene.image, expected);
            before += error(expected, t.corners);
            after += error(square ? *square : expected, t.corners);
            measured += square.has_value();
        }
    std::printf("%d squares, %d measured: corners off %.3f -> %.3f of a tile\n", n, measured,
                before / n, after / n);
    EXPECT_GE(measured, n * 4 / 5);
    EXPECT_LT(after / n, 0.045);
    EXPECT_LT(after, before / 2);
    const cv::Mat blank(200, 200, CV_8UC3, cv::Scalar(90, 120, 150));
    EXPECT_FALSE(vision::squareFromOutline(blank, {cv::Point2f(50, 50), cv::Point2f(150, 50),
                                                   cv::Point2f(150, 150), cv::Point2f(50, 150)}));
}

// A blurred tile whose field has the table's grey level (40 px on the 960-wide copy, 80 at
// 1920): the sides of what stands out from the table in colour (outlineSegments) follow all
// four of its sides; bad input gives none.
TEST(Lattice, OutlinesWhatStandsOutFromTheTableInColour) {
    cv::Mat picture(540, 960, CV_8UC3, cv::Scalar(60, 110, 140)); // brown, grey 113
    const cv::RotatedRect tile({480, 270}, {40, 40}, 20);
    cv::Point2f c[4];
    tile.points(c);
    std::vector<cv::Point> poly(c, c + 4);
    cv::fillConvexPoly(picture, poly, cv::Scalar(40, 150, 60)); // green, grey 110
    cv::GaussianBlur(picture, picture, cv::Size(11, 11), 3);
    vision::LatticeParams params;
    const std::vector<cv::Vec4f> segments = vision::outlineSegments(picture, params);
    int sides = 0;
    for (int k = 0; k < 4; ++k) {
        const cv::Point2f a = c[k], b = c[(k + 1) % 4], along = (b - a) / cv::norm(b - a);
        auto off = [&](cv::Point2f q) { return std::abs(along.cross(q - a)); };
        sides += std::any_of(segments.begin(), segments.end(), [&](const cv::Vec4f& s) {
            const cv::Point2f p(s[0], s[1]), q(s[2], s[3]);
            return off(p) < 3 && off(q) < 3 && cv::norm(q - p) > 20;
        });
    }
    EXPECT_EQ(sides, 4) << segments.size() << " segments";
    EXPECT_TRUE(vision::outlineSegments(cv::Mat(), params).empty());
    EXPECT_TRUE(vision::outlineSegments(cv::Mat(540, 960, CV_8U, cv::Scalar(9)), params).empty());
    EXPECT_TRUE(vision::outlineSegments(picture(cv::Rect(0, 0, 40, 30)), params).empty());
}

TEST(Recognise, PicturesWithoutABoardGiveAClearError) {
    const vision::Recogniser rec(vision::enrolProcedural(baseSets(), 1),
                                 adj::GameConfig::forSet("base", 2));
    const cv::Mat blank(720, 1280, CV_8UC3, cv::Scalar(90, 120, 150));
    vision::Recognition r = rec.recognise(blank);
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.error.find("no board found"), std::string::npos) << r.error;
    cv::Mat noise(720, 1280, CV_8UC3);
    cv::RNG(5).fill(noise, cv::RNG::UNIFORM, 0, 256);
    r = rec.recognise(noise);
    EXPECT_TRUE(!r.ok() || r.tiles() == 0) << r.tiles() << " tiles in noise";
    EXPECT_FALSE(rec.recognise(cv::Mat()).ok());
    EXPECT_NE(r.json().find("carcassonne-recognition/1"), std::string::npos);
}

TEST(Evaluate, TruthReadBackIsExact) {
    adj::RandomGameOptions o;
    o.maxTiles = 8;
    const adj::State st = adj::playRandomGame(adj::GameConfig::forSet("base", 2), 4, o);
    const vision::Scene scene = vision::renderScene(st, {});
    vision::Recognition r;
    for (const vision::TileTruth& t : scene.tiles) {
        vision::CellResult c;
        c.kind = t.kind, c.rotation = t.rotation, c.corners = t.corners;
        r.cells.push_back(c);
    }
    vision::Evaluation e = vision::evaluate(scene, r);
    EXPECT_TRUE(e.exact());
    EXPECT_EQ(e.cornerError, 0);
    r.cells[0].rotation = (r.cells[0].rotation + 1) % 4; // one tile turned: caught, unless
    e = vision::evaluate(scene, r);                      // the kind is symmetric
    const auto* k = tiledb::Catalogue::bundled().set("base")->find(scene.tiles[0].kind);
    EXPECT_EQ(e.exact(), k->distinctRotations == 1);
}

// Enrolment from one photo: a whole base game's tiles (72, every kind) laid out and photographed
// at 20 degrees of tilt, in a look the pipeline was not developed on (autumn), with the list of
// what lies where. Scenes of that art are then recognised as well as with references drawn
// from the art itself. A layout naming no tile, and a photo of an empty table, are refused
// saying why.
TEST(ReferenceSet, EnrolsFromAPhotoOfTilesLaidOutWithTheirList) {
    const auto pal = vision::ProceduralPalette::autumn();
    const vision::TileFaceSource autumn = [pal](const tiledb::TileKind& k, int r, int size) {
        return vision::drawTile(k, r, size, 9, pal);
    };
    const adj::State laid = adj::playRandomGame(adj::GameConfig::forSet("base", 2), 4);
    vision::SceneParams p;
    p.tiltDeg = 20, p.yawDeg = 5, p.seed = 8, p.fill = 0.85;
    const vision::Scene photo = vision::renderScene(laid, p, autumn);
    // The list: rows north first, each tile as KIND/R, "-" where none lies.
    const adj::Bounds b = laid.board().extent();
    std::string layout;
    for (int y = b.maxY; y >= b.minY; --y) {
        for (int x = b.minX; x <= b.maxX; ++x) {
            const adj::PlacedTile* t = laid.board().at({x, y});
            layout += (x > b.minX ? " " : "") +
                      (t ? t->kind->id + "/" + std::to_string(t->rotation) : std::string("-"));
        }
        layout += "\n";
    }
    std::string error;
    const auto refs = vision::enrolPhoto(photo.image, layout, baseSets(), &error);
    ASSERT_TRUE(refs) << error;
    EXPECT_EQ(refs->images.size(), laid.board().tiles().size());
    EXPECT_EQ(refs->kinds().size(), baseSets()[0]->kinds.size());

    const adj::GameConfig cfg = adj::GameConfig::forSet("base", 2);
    const vision::Evaluation fromPhoto =
        recogniseScenes(vision::Recogniser(*refs, cfg), 4, 30, 20, autumn);
    const vision::Evaluation fromArt = recogniseScenes(
        vision::Recogniser(vision::enrolProcedural(baseSets(), 2, pal), cfg), 4, 30, 20, autumn);
    std::printf("references from the photo: %d of %d tiles right, %d wrong; from the art: %d "
                "right, %d wrong\n",
                fromPhoto.correct, fromPhoto.truthTiles, fromPhoto.wrong, fromArt.correct,
                fromArt.wrong);
    // Measured: from the photo 106 of 120 right, 3 wrong (the faces carry the photo's light,
    // blur and a tile's gap); from the art 119 right, 0 wrong. Before each tile's outline was
    // searched around its lattice cell: 101 right, 8 wrong.
    EXPECT_GE(fromPhoto.correct, fromArt.correct * 85 / 100);
    EXPECT_LE(fromPhoto.wrong, 6);

    EXPECT_FALSE(vision::enrolPhoto(photo.image, "D/0 Q/1\nD XYZ\n", baseSets(), &error));
    EXPECT_NE(error.find("layout line 2, cell 2: \"XYZ\" names no tile kind"), std::string::npos)
        << error;
    EXPECT_FALSE(vision::enrolPhoto(cv::Mat(1080, 1920, CV_8UC3, cv::Scalar(60, 110, 150)), layout,
                                    baseSets(), &error));
    EXPECT_FALSE(error.empty());
}

// Two scenes of bench_vision's sweep that this pipeline once read badly, replayed.
namespace {

// small: the scene of bench_vision --small (a board of 1 to 8 tiles) rather than the sweep's;
// stages: the reading's stages by name, in order.
vision::Evaluation sweepScene(const std::string& art, int s,
                              const vision::RecogniseParams& params = {}, bool small = false,
                              std::vector<std::string>* stages = nullptr) {
    const std::vector<bench::Art> sources = bench::artSources(art, bench::sweepSets());
    if (sources.empty()) return {};
    const adj::GameConfig game = bench::playableGames(sources[0].refs)[size_t(bench::sweepGame(s))];
    const vision::Recogniser rec(sources[0].refs, game);
    const adj::State board = bench::sweepBoard(s, game, small);
    const vision::Scene scene =
        vision::renderScene(board, bench::sweepCamera(s, board, small), sources[0].faces);
    const vision::Recognition r = rec.recognise(scene.image, params);
    if (!small) { // a small board left unread counts as missed
        EXPECT_TRUE(r.ok()) << r.error;
    }
    if (stages)
        for (const auto& [name, ms] : r.stageMillis) stages->push_back(name);
    return vision::evaluate(scene, r);
}

// A reading's figures, printed for the test's log.
vision::Evaluation reported(const vision::Evaluation& e) {
    std::printf("%d of %d right, %d unsure, %d missed, %d wrong, %d extra\n", e.correct,
                e.truthTiles, e.unsure, e.missed, e.wrong, e.extra);
    return e;
}

// A sweep scene read with the default parameters and with one rule switched off (`without`):
// the rule's effect on the same picture.
struct WithAndWithout {
    vision::Evaluation with, without;
};
WithAndWithout readBothWays(const std::string& art, int s, const vision::RecogniseParams& without,
                            const vision::RecogniseParams& with = {}, bool small = false) {
    WithAndWithout r{sweepScene(art, s, with, small), sweepScene(art, s, without, small)};
    std::printf("%s scene %d: %d of %d right (%d without the rule), %d unsure, %d wrong (%d "
                "without), %d extra\n",
                art.c_str(), s, r.with.correct, r.with.truthTiles, r.without.correct, r.with.unsure,
                r.with.wrong, r.without.wrong, r.with.extra);
    return r;
}

} // namespace

// The "autumn" look draws fields in the table's tan: the colour models alone called those
// tiles table (scene 13: 27 of 41 read, 14 left out). A cell matching a kind well with a
// contrast that fits it is a tile whatever its colours (now 40 of 41, one full city missed).
TEST(Recognise, TilesInTheTablesColours) {
    const vision::Evaluation e = reported(sweepScene("autumn", 13));
    EXPECT_GE(e.correct, 40);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// Pennant twins whose two fits disagree: the aligned one missed a pennant drawn or laid a
// pixel or two off its place, the shifted one found it. The pair was left open; now the
// shifted fit decides when it finds the pennant (TileClassifier::separateLookAlikes).
// Procedural scenes 77 and 85 (M and N), autumn 58 (S and T) and 95 (O and P): each read one
// tile more, the twin it had left uncertain (83, 71, 55 and 73 before). Since twins of small
// tiles are judged at their own footprint (SmallTwinsAreJudgedAtTheirOwnFootprint), autumn
// scene 95 leaves another twin uncertain (an N at 40 px, 45 degrees, whose simulated pennant
// reads halfway there): 73.
TEST(Recognise, PennantTwinsWhoseShiftedFitFindsThePennant) {
    for (const auto& [art, s, least] : {std::tuple{"procedural", 77, 84},
                                        {"procedural", 85, 72},
                                        {"autumn", 58, 56},
                                        {"autumn", 95, 73}}) {
        const vision::Evaluation e = sweepScene(art, s);
        std::printf("%s scene %d: %d of %d right, %d unsure, %d wrong\n", art, s, e.correct,
                    e.truthTiles, e.unsure, e.wrong);
        EXPECT_GE(e.correct, least) << art << " scene " << s;
        EXPECT_EQ(e.wrong + e.extra, 0) << art << " scene " << s;
    }
}

// The four-sided city C beside the board: a city against a city shows no step, so judged on
// all its sides it was not outlined, and its colours (tan on a brown table) left it out.
// Judged on its sides towards the table it is a tile (procedural scenes 34, 47 and 66: each
// missed its C). Scene 47 also has a notch of table in the shade of three tiles, which with C
// read fitted their sides as N: a cell of weak tile colours takes a reading from its
// neighbours' sides only when outlined.
TEST(Recognise, AFourSidedCityBesideTheBoardIsOutlinedTowardsTheTable) {
    for (int s : {34, 47, 66}) {
        const vision::Evaluation e = sweepScene("procedural", s);
        std::printf("procedural scene %d: %d of %d right, %d unsure, %d wrong, %d extra\n", s,
                    e.correct, e.truthTiles, e.unsure, e.wrong, e.extra);
        EXPECT_EQ(e.correct, e.truthTiles) << "scene " << s;
        EXPECT_EQ(e.wrong + e.extra, 0) << "scene " << s;
    }
}

// Pennants at 39-43 px in the harshest light and blur: a photo of the city with its pennant
// reads about halfway between the two drawings (a small coloured mark loses more of its
// contrast than the tile: the camera keeps colour at half resolution, JPEG), and was left
// uncertain. Each pair of look-alikes is judged against simulated photos of both drawings:
// procedural scene 24 68 of 72 (66 before), autumn scene 26 65 of 72 (60), none wrong.
TEST(Recognise, PennantsJudgedAgainstPhotosOfBothDrawings) {
    for (const auto& [art, s, least] : {std::tuple{"procedural", 24, 68}, {"autumn", 26, 65}}) {
        const vision::Evaluation e = sweepScene(art, s);
        std::printf("%s scene %d: %d of %d right, %d unsure, %d wrong\n", art, s, e.correct,
                    e.truthTiles, e.unsure, e.wrong);
        EXPECT_GE(e.correct, least) << art;
        EXPECT_EQ(e.wrong + e.extra, 0) << art;
    }
}

// Pennant twins in real artwork are two scans of one drawing a pixel or so apart (classic F and
// G, M and N): they differ along every outline, and a photo's outlines read as either one
// depending on how the cell was aligned; and a shield's place in shade by the tile's edge read as
// the shield. Twins are now told apart by their difference beyond a pixel's shift, in colour
// only (TileClassifier::pennantTwins). Classic scene 79 (46 px tiles at 45 degrees) read G as F
// at confidence 1.00 and F as uncertain: 72 of 72 now. Scenes 24, 54 and 95 had 2, 1 and 1 tiles
// read confidently wrong, none now (left uncertain where the shield is too faint). Over the
// bench's 400 scenes, tiles read wrong: 11 -> 2 (classic 9 -> 0). The shifted fit reads the
// cell's colour as well (it read brightness, disagreed, and left twins open): scenes 54 and 95
// 58 of 58 and 75 of 75 (56 and 74 before); 400 scenes 99.602 -> 99.699% per tile. Judged at
// its own footprint (40 px at 45 degrees), scene 95's P reads halfway and is uncertain: 74.
TEST(Recognise, PennantTwinsScannedAPixelApart) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/classic";
    if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
    for (const auto& [s, least] : {std::pair{79, 72}, {24, 71}, {54, 58}, {95, 74}}) {
        const vision::Evaluation e = sweepScene("classic", s);
        std::printf("classic scene %d: %d of %d right, %d unsure, %d wrong\n", s, e.correct,
                    e.truthTiles, e.unsure, e.wrong);
        EXPECT_GE(e.correct, least) << "scene " << s;
        EXPECT_EQ(e.wrong + e.extra, 0) << "scene " << s;
    }
}

// Cities drawn in a colour near the table's, outlined as tiles lying on it (autumn scene 28):
// read as tiles from a match of outlinedTile (0.7). Since the outline is judged on the sides
// towards the table, 0.8 reads them too; with the rule off (and offTable's, which takes these
// cities too: their shade is not the table's, and the bay rule's) 65 of 71, with it 71.
TEST(Recognise, OutlinedCitiesInTheTablesColours) {
    vision::RecogniseParams on, off;
    on.offTable = off.offTable = 1000;
    on.bayOutline = off.bayOutline = 0;
    off.outlinedTile = 2; // never
    const auto [e, before] = readBothWays("autumn", 28, off, on);
    EXPECT_GE(e.correct, 70);
    EXPECT_GE(e.correct, before.correct + 4);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// Tiles whose colours are the table's and whose edges barely show against it (autumn's
// fields on a tan table, scene 2): the table's own best match, taken from cells away from the
// board, says how well table grain matches a kind here; a cell beside the board matching
// clearly better (aboveTable) is a tile: 72 of 72 read (70 without). The outline rules, judged
// on the sides towards the table, now read these two tiles too: they are off here, and so is
// the bay rule (which reads one of them).
TEST(Recognise, TilesMatchingBetterThanTheTableEverDoes) {
    vision::RecogniseParams on, colours;
    on.minOutline = colours.minOutline = 1000; // no cell outlined
    on.bayOutline = colours.bayOutline = 0;
    colours.aboveTable = 2; // never
    const auto [e, before] = readBothWays("autumn", 2, colours, on);
    EXPECT_EQ(e.correct, 72);
    EXPECT_GE(e.correct, before.correct + 2);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// Procedural scene 15 (45 degrees, 40 tiles): the segments found on the 960-wide copy gave a
// grid a little off, and most cells read as uncertain or nothing (11 of 40 right then, 16 now).
// Such a reading is read again with the segments of a 768-wide copy: 38 of 40 (12 without), two
// uncertain (a city cap with a road, which reads between itself and the road alone) and one
// extra tile: a cell of table in a notch of the board read as a city with a field along one
// side. Now 40 of 40: the cap by a neighbour's clear side, and the table cell decided after the
// tiles beside it (see ANeighboursClearSide). The first reading there came from the tiles'
// squares: the 960-wide copy gives no lattice. The wider copy's lattice (widerWidth) reads the
// board at once, 40 of 40, so both readings here leave it out to keep this rule in view.
TEST(Recognise, AnUncertainBoardIsReadAgainAtAnotherScale) {
    vision::RecogniseParams once, twice;
    once.retryWidth = 0;
    once.widerWidth = twice.widerWidth = 0;
    const auto [e, before] = readBothWays("procedural", 15, once, twice);
    EXPECT_LE(before.correct, 20);
    EXPECT_GE(e.correct, 38);
    EXPECT_EQ(e.wrong, 0);
    EXPECT_LE(e.extra, 1);
}

// At a steep board's far edge the lattice drifts by a third of a tile: a weak reading there
// with a clear margin was a silent misread (classic scene 43 at 45 degrees, one wrong without
// the rule). A weak reading with at most one tile beside it is uncertain (rimWeak). Since the
// sliding search for a drifted tile, the grid refitted to every tile a ring read and the
// lattice found for such boards, no scene of the sweep's 800 reads wrongly without the rule;
// it stays for the drift those do not reach, and still says so where it fires: classic scene
// 97's E at the rim (0.62) is uncertain, not trusted. (Scene 97's board holds the whole box,
// where elimination settles it since, as do the copies left: both off here.)
TEST(Recognise, AWeakReadingAtTheRimIsNotTrusted) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/classic";
    if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is not here";
    vision::RecogniseParams trusting, distrusting;
    trusting.rimWeak = 0;
    trusting.eliminationCells = distrusting.eliminationCells = 0;
    trusting.countsCells = distrusting.countsCells = 0;
    const auto [e, before] = readBothWays("classic", 97, trusting, distrusting);
    EXPECT_GT(e.unsure, before.unsure);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// Small tiles at 45 degrees: the lines give no lattice, the tiles' squares give a grid around a
// few of them, and the board is read ring by ring on the grid refitted to what was found
// (scene 19 with the real artwork: 10 of 38 read before).
TEST(Recognise, ABoardWithoutALatticeIsReadRingByRing) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/newart";
    if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is not here";
    const vision::Evaluation e = reported(sweepScene("newart", 19));
    EXPECT_GE(e.correct, 38);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// Tiles of the table's colours beside the board are read when they match a kind aboveTable
// better than the table does. Classic scene 99 (44 px tiles at 45 degrees, harshest light): a
// group of classic cities the colours left out lies among the table's cells, and one of them
// (0.94, the rest of the table 0.64 and less) set the table's best, so no city beside the board
// could beat it. The table's best is now that of its bulk (tableBulk): 68 of 72, 66 before
// (69 and 68 since a bay's outlined tiles are read: ATileInABayOfTheBoardThatFitsAndIsOutlined;
// all 72 since an island of them is read with its link: AnIslandOfTilesIsReadWithItsLink).
TEST(Recognise, TilesLeftOutDoNotSetTheTablesBest) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/classic";
    if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
    vision::RecogniseParams all;
    all.tableBulk = 1;
    const auto [e, before] = readBothWays("classic", 99, all);
    EXPECT_GE(e.correct, 68);
    EXPECT_GT(e.correct, before.correct);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// An island of tiles of the table's colours beside the board (classic scene 99: cities C 0.96
// and S 0.94 on the brown table, the other table cells 0.64 and less) linked to the board by a
// tile whose outline their edges hide (T, 0.67): no cell of the three is outlined against the
// table, so no rule for a lone cell reads them. The board is connected, so cells matching a kind
// as clearly as the table-ceiling rule wants beside a cell beside the board make that cell
// their link, and all are tiles (RecogniseParams::islandLinks): 72 of 72, 69 without.
TEST(Recognise, AnIslandOfTilesIsReadWithItsLink) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/classic";
    if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
    vision::RecogniseParams noIslands;
    noIslands.islandLinks = false;
    const auto [e, before] = readBothWays("classic", 99, noIslands);
    EXPECT_LE(before.correct, e.truthTiles - 3);
    EXPECT_EQ(e.correct, e.truthTiles);
    EXPECT_EQ(e.wrong + e.extra + e.unsure, 0);
}

// A board holding every tile of the box (a finished game) leaves its uncertain cells exactly
// the copies the others did not use (RecogniseParams::eliminationCells). Procedural scene 87
// (72 tiles at 45 degrees): a four-sided city read as a three-sided one with a pennant (Q, 0.81)
// whose copies were all read elsewhere, and a city with a pennant beside it uncertain; the
// copies left, a four-sided city (C) and a city across (H), fit there one way only.
TEST(Recognise, AFullBoardsDoubtsAreSettledByElimination) {
    vision::RecogniseParams noElimination;
    noElimination.eliminationCells = noElimination.countsCells = 0;
    const auto [e, before] = readBothWays("procedural", 87, noElimination);
    EXPECT_LE(before.correct, e.truthTiles - 2);
    EXPECT_EQ(e.correct, e.truthTiles);
    EXPECT_EQ(e.wrong + e.extra + e.unsure, 0);
}

// The same on the real classic art (scene 26, 72 tiles of 39 px in the harshest light): five
// cells uncertain, four settled (one of them now without elimination: a twin whose every copy
// lies clearly elsewhere, RecogniseParams::clearCopies); the fifth, a T-junction on the board's
// rim, reads two turns of the copy left alike (0.35 and 0.37) and stays uncertain.
TEST(Recognise, EliminationSettlesOnlyWhatTheBestAssignmentClearlyWins) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/classic";
    if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is absent";
    vision::RecogniseParams noElimination;
    noElimination.eliminationCells = noElimination.countsCells = 0;
    const auto [e, before] = readBothWays("classic", 26, noElimination);
    EXPECT_EQ(e.correct, e.truthTiles - 1);
    EXPECT_EQ(e.correct, before.correct + 3);
    EXPECT_EQ(e.unsure, 1);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// Short of a full box, the copies the certain tiles leave still bound what an uncertain tile
// can be (RecogniseParams::countsCells): each is read among its own close readings that a copy
// is left of, jointly, as by elimination. Procedural scene 107 (45 degrees, tiles of 36 px):
// a city read as R beside an M1 whose C twin was about as likely, both uncertain; R's and C's
// copies lie elsewhere, and the cells' close readings left fit one way.
TEST(Recognise, UncertainTilesAreSettledByTheCopiesLeft) {
    vision::RecogniseParams noCounts;
    noCounts.countsCells = 0;
    const auto [e, before] = readBothWays("procedural", 107, noCounts);
    EXPECT_GE(before.unsure, 2);
    EXPECT_EQ(e.correct, before.correct + before.unsure);
    EXPECT_EQ(e.unsure, 0);
    EXPECT_EQ(e.wrong + e.extra, before.wrong + before.extra);
}

// A cell the decoding doubted (in the table's hue, no outline vouching for it: a hole or the
// table beside the board reading as a city) is not settled by the copies left: procedural
// scene 47's table beside the board read R (0.74), uncertain, would become a tile.
TEST(Recognise, ACellOfTableIsNotSettledByTheCopiesLeft) {
    const vision::Evaluation e = reported(sweepScene("procedural", 47));
    EXPECT_EQ(e.extra, 0);
    EXPECT_EQ(e.wrong, 0);
}

// A board short of the box by one tile proves nothing by elimination: scene 87's board less
// its last tile keeps its doubts (and says so), whatever the copies left. Those copies still
// bound each doubtful tile's close readings (countsCells), and a cell settled so says so.
TEST(Recognise, ABoardShortOfTheBoxSettlesNothingByElimination) {
    const auto sources = bench::artSources("procedural", bench::sweepSets());
    const adj::GameConfig game =
        bench::playableGames(sources[0].refs)[size_t(bench::sweepGame(87))];
    adj::RandomGameOptions o;
    o.maxTiles = 71;
    o.keepLog = false;
    const adj::State board = adj::playRandomGame(game, 1087, o);
    ASSERT_EQ(board.board().size(), 71u);
    const vision::Scene scene =
        vision::renderScene(board, bench::sweepCamera(87, board), sources[0].faces);
    const vision::Recogniser recogniser(sources[0].refs, game);
    vision::RecogniseParams noCounts;
    noCounts.countsCells = 0;
    const vision::Recognition r = recogniser.recognise(scene.image, noCounts);
    ASSERT_TRUE(r.ok()) << r.error;
    const vision::Evaluation e = reported(vision::evaluate(scene, r));
    EXPECT_GE(e.unsure, 1);
    for (const vision::CellResult& c : r.cells)
        EXPECT_EQ(c.note.in().find("elimination"), std::string::npos);
    // The copies the certain tiles leave may still settle a doubt, and say so.
    const vision::Recognition counted = recogniser.recognise(scene.image);
    const vision::Evaluation ec = reported(vision::evaluate(scene, counted));
    EXPECT_EQ(ec.wrong + ec.extra, e.wrong + e.extra);
    int byCounts = 0;
    for (const vision::CellResult& c : counted.cells) {
        EXPECT_EQ(c.note.in().find("elimination"), std::string::npos);
        byCounts += c.note.in().find("counts") != std::string::npos;
    }
    EXPECT_EQ(byCounts, e.unsure - ec.unsure);
}

// A small board at 45 degrees in weakly matching art (classic scene 43: 26 tiles of 50 px, the
// lines too few for a lattice then, read from tiles' squares ring by ring): the first pass
// matched only 6 tiles clearly, all at one end, and the grid each ring was read on, fitted to
// those, lay half a tile off at the other end (17 of 26 right, 6 missed). The grid a ring
// hands on is now fitted to every tile read (RecogniseParams::growOnTilesRead). Classic scene
// 43 now finds its lattice; of the sweep's 800 scenes, autumn scene 150 still needs the rule:
// without it a cell of table off the drifted grid reads as a confident tile (with the bay rule
// off: reading a bay's tile there too, the decoding leaves that cell out).
// The scene reaches the squares' reading through one doubt on a board of 10 or more tiles, a
// retry skipped since (RecogniseParams::oneDoubtBelow): both readings here still make it.
TEST(Recognise, ARingIsReadOnAGridFittedToEveryTileRead) {
    vision::RecogniseParams firstMatches, everyTile;
    firstMatches.oneDoubtBelow = everyTile.oneDoubtBelow = 1000;
    firstMatches.growOnTilesRead = false;
    firstMatches.bayOutline = 0;
    const auto [e, before] = readBothWays("autumn", 150, firstMatches, everyTile);
    EXPECT_GE(before.extra, 1);
    EXPECT_EQ(e.correct, e.truthTiles);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// The table beside a tile's field edge reads as a city with one field side (procedural scene
// 103, 45 degrees, tiles of 38 px: seven cells of table read R at 0.79-0.90, their colours
// barely the tiles', llr -0.4 to 0.1, where the board's tiles read 1.5 and more). Decided among
// the first, they spent R's copies and set edges the tiles beside them had to meet: 61 of 71
// read, 10 left uncertain, 3 extra. Decoded after the others (tableHueLlr), they are left
// without a reading: 67 of 71, none extra. (Without the rule that many uncertain cells send the
// board to a second reading at 768 wide, which finds no lattice; the full picture's squares
// now give one with 65 right and 2 extra. With the twins judged at their own footprint the
// tiles beside those cells read right either way, 69 of 71: the extras are the difference.)
TEST(Recognise, TheTableBesideAFieldEdgeSpendsNoTilesCopy) {
    vision::RecogniseParams matchFirst;
    matchFirst.tableHueLlr = -1e9f; // never
    const auto [e, before] = readBothWays("procedural", 103, matchFirst);
    EXPECT_GE(before.extra, 2);
    EXPECT_LE(before.correct, e.correct);
    EXPECT_GE(e.correct, 69);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// A kind's last copy spent on a misread (autumn scene 152: an M1 read as the one C at 0.79)
// left the C beside it, read at 0.92, with a look-alike and uncertain. The clearer reading takes
// the copy back (displaceForCopy): the M1 is left uncertain, a question, not a wrong tile.
// Judged at their own footprint the two read right without the rule, so both readings here
// judge twins as before (ownFootprint off).
TEST(Recognise, AClearReadingTakesBackACopySpentOnAMisread) {
    vision::RecogniseParams keep, displace;
    keep.displaceForCopy = false;
    keep.ownFootprint = displace.ownFootprint = false;
    const auto [e, before] = readBothWays("autumn", 152, keep, displace);
    EXPECT_GE(before.wrong, 1);
    EXPECT_EQ(e.wrong + e.extra, 0);
    EXPECT_GE(e.correct, 83); // of 84
}

namespace {

// A sweep scene where the box's counts (RecogniseParams::clearCopies) settle `twins` pennant
// twins left uncertain without them, and change nothing else. (The joint reading of the
// copies left, countsCells, settles them too: off.)
void expectTwinsSettledByCounts(const std::string& art, int scene, int twins) {
    vision::RecogniseParams on, off;
    on.countsCells = off.countsCells = 0;
    off.clearCopies = false;
    const auto [e, before] = readBothWays(art, scene, off, on);
    EXPECT_EQ(e.correct, before.correct + twins);
    EXPECT_EQ(e.unsure, before.unsure - twins);
    EXPECT_EQ(e.wrong, before.wrong);
    EXPECT_EQ(e.extra, before.extra);
}

} // namespace

// Pennant twins whose first choice's copies are all on the board, each read clearly: the count
// decides (autumn scene 103, 45 degrees, tiles of 38 px: an R and a G with every copy read
// clearly elsewhere are the Q and F they were read as, no longer uncertain). A copy spent on a
// doubtful reading still proves nothing (AClearReadingTakesBackACopySpentOnAMisread).
TEST(Recognise, ACountSpentOnClearReadingsDecidesAPennantTwin) {
    expectTwinsSettledByCounts("autumn", 103, 2);
}

// The other way round: a clear tile whose reading is about as likely as its pennant twin's,
// every copy of the twin read clearly elsewhere (procedural scene 178, 45 degrees: an F beside
// G 0.83 and a Q beside R 0.90, both uncertain before). The twin cannot be there. (Judged at
// its own footprint, one of the two now reads right without the count.)
TEST(Recognise, ATwinWithNoCopyLeftLeavesNoDoubt) {
    expectTwinsSettledByCounts("procedural", 178, 1);
}

// Pennant twins on small tiles at a tilt (procedural scene 115, 45 degrees): a pennant a few
// pixels across, foreshortened, keeps less of its contrast than in photos of an unforeshortened
// tile 36-48 px across, so the city with it read nearer the plain drawing than those photos
// say. Judged against photos simulated at each cell's own footprint, a Q left uncertain and a
// D read as the straight road U beside it (the Q's neighbour) are both read right. (The
// copies left, countsCells, then settle the scene's last doubt, a cloister read as R: off.)
TEST(Recognise, SmallTwinsAreJudgedAtTheirOwnFootprint) {
    vision::RecogniseParams unforeshortened, own;
    unforeshortened.ownFootprint = false;
    unforeshortened.countsCells = own.countsCells = 0;
    const auto [e, before] = readBothWays("procedural", 115, unforeshortened, own);
    EXPECT_EQ(e.correct, before.correct + 2);
    EXPECT_EQ(e.wrong, before.wrong - 1);
    EXPECT_EQ(e.unsure, before.unsure - 1);
    EXPECT_EQ(e.extra, before.extra);
}

// A tile of the table's hue, outlined, beside the board (autumn scene 28: a cloister on the
// tan table): the colour models leave it out. A cell that far from the shade of the nearest
// stretch of table (offTable) is a tile. Since the outline is judged on the sides towards the
// table, outlinedTile's rule reads these tiles too: with it off, 69 of 71 read, 65 without
// offTable's rule. (Procedural scene 38, which this test read before, a full city in our tan
// on the brown table, now reads without the rule: with the wide rim (classifier.h) it matches
// its drawing clearly enough for the other rules.) The bay rule, which reads them too, is off.
TEST(Recognise, ATileOfTheTablesHueButNotItsShade) {
    vision::RecogniseParams on, hueOnly;
    on.outlinedTile = hueOnly.outlinedTile = 2; // never
    on.bayOutline = hueOnly.bayOutline = 0;
    hueOnly.offTable = 1000; // never
    const auto [e, before] = readBothWays("autumn", 28, hueOnly, on);
    EXPECT_LE(before.correct, 65);
    EXPECT_GE(e.correct, 69); // of 71
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// Pennants a pixel or two off their place in the photo (procedural scene 26, 39 px tiles at 35
// degrees): aligned on the whole tile, the shield lies beside the drawing's and the city with
// and without it read about halfway (4 of 72 left uncertain). Each drawing is also fitted at its
// best shift where the two differ, and decides where both readings agree: 71 of 72. Since twins
// are fitted in colour (PennantTwinsScannedAPixelApart), 70: an O with its pennant is left
// uncertain (O and P at 0.94), a question, not a wrong tile. (The board holds the whole box:
// elimination, which settles the rest since, is off here.)
TEST(Recognise, MarksALittleOffTheirPlace) {
    vision::RecogniseParams pixelsAlone;
    pixelsAlone.eliminationCells = 0;
    const vision::Evaluation e = sweepScene("procedural", 26, pixelsAlone);
    std::printf("%d of %d right, %d unsure, %d wrong\n", e.correct, e.truthTiles, e.unsure,
                e.wrong);
    EXPECT_GE(e.correct, 70); // 68 with the aligned reading alone (before twins read in colour)
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// A neighbour's side that its own pixels settle ("clear": RecogniseParams::clearSide).
// - A road beside a city cap that the wide rim mostly leaves out (K and V, D and U) reads about
//   as well as the road alone; where a neighbour's clear side rules the other reading out, the
//   cell need only beat the readings that fit: procedural scene 83 81 of 81 (79 without),
//   scene 14 72 of 72 (71).
// - A hole in the board (procedural scene 74): the table, framed by its neighbours' cities and
//   shadows, matches a city on three sides (R) as well as a tile does; decided first, it left a
//   road with a city cap (D) and a city with roads (I) beside it no reading that fits. Cells in
//   the table's colours are decided last, and one whose every likely reading contradicts two
//   clear sides of its neighbours is not a tile: 48 of 48, no cell doubted (with no side clear
//   the hole is reported as an uncertain tile).
// Scene 14's board holds the whole box, where elimination settles the cell either way, and the
// copies left (countsCells) settle such cells in all three: both off.
TEST(Recognise, ANeighboursClearSide) {
    vision::RecogniseParams never, pixelsAlone;
    never.clearSide = 2; // no side is clear
    never.eliminationCells = pixelsAlone.eliminationCells = 0;
    never.countsCells = pixelsAlone.countsCells = 0;
    for (const auto& [s, least] : {std::pair{83, 81}, {14, 72}, {74, 48}}) {
        const auto [e, before] = readBothWays("procedural", s, never, pixelsAlone);
        EXPECT_GE(e.correct, least);
        EXPECT_GT(e.correct + before.doubted, before.correct + e.doubted);
        EXPECT_EQ(e.wrong + e.extra + e.doubted, 0);
    }
}

// A tile a few pixels off its cell: a thin road or wall lands on other coarse pixels, and its
// own drawing fell out of the few templates slid. Procedural scene 46: a straight road (U) at
// the board's top edge read as a city across (G, 0.63) with a confident margin, a silent
// misread; the classifier now also slides the drawings the cell ranks among the best when
// moved a pixel or two (TileClassifier::coarseScoresNear): 61 of 62, none wrong. Over the
// bench's 400 scenes this read 99.428 -> 99.530% of tiles right, wrong 17 -> 13.
TEST(Recognise, ATileOffItsCellStillRanksItsOwnDrawing) {
    const vision::Evaluation e = sweepScene("procedural", 46);
    std::printf("%d of %d right, %d unsure, %d wrong, %d extra\n", e.correct, e.truthTiles,
                e.unsure, e.wrong, e.extra);
    EXPECT_GE(e.correct, 61);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// Decoding repairs (RecogniseParams::displaceBy, clearSidesToFit):
// - Procedural scene 97: a reading decided early for its clear margin left a clearly read
//   neighbour (J, 0.94) no reading that fits; J is read when it displaces the weaker one: 70
//   of 72, none wrong (68 and one wrong without).
// - Procedural scenes 44, 89, 99: a city on all sides (C) ranked below a city with a field side
//   (Q, R) or a tile with two city caps below one with one (H, E); three or four clear sides of
//   its neighbours leave one of its candidates, the right one: 63 of 63, 78 of 78, 70 of 72
//   (one fewer each without).
// Scenes 97 and 99 hold the whole box, where elimination settles such cells too: off. Scene
// 97's early reading was of table barely in the tiles' colours, which is now decoded last
// (tableHueLlr, 72 of 72 either way): off for both its readings. The copies left
// (countsCells) settle most of these cells without the repairs: off.
TEST(Recognise, DecodingRepairsWhatTheOrderLeftOut) {
    vision::RecogniseParams pixelsAlone;
    pixelsAlone.eliminationCells = pixelsAlone.countsCells = 0;
    vision::RecogniseParams matchOrder = pixelsAlone;
    matchOrder.tableHueLlr = -1e9f;
    vision::RecogniseParams noDisplacing = matchOrder;
    noDisplacing.displaceBy = 2;
    vision::RecogniseParams noFitting = pixelsAlone;
    noFitting.clearSidesToFit = 5;
    const std::tuple<int, int, vision::RecogniseParams, vision::RecogniseParams> cases[] = {
        {97, 70, noDisplacing, matchOrder},
        {44, 63, noFitting, pixelsAlone},
        {89, 78, noFitting, pixelsAlone},
        {99, 70, noFitting, pixelsAlone}};
    for (const auto& [s, least, without, with] : cases) {
        const auto [e, before] = readBothWays("procedural", s, without, with);
        EXPECT_GT(e.correct, before.correct) << "scene " << s;
        EXPECT_GE(e.correct, least) << "scene " << s;
        EXPECT_LE(e.wrong + e.extra, before.wrong + before.extra) << "scene " << s;
    }
}

// At a steep board's far edge the lattice drifts off the tiles further than the sliding match
// reaches; a cell in tile colours reading no kind is searched for around its place. Ranked by
// the coarse match, a place a fifth of a tile off came first (newart scene 35: 0.56 read there,
// 0.94 a tenth of a tile from it); ranked by the sliding match of the best few coarse
// templates, at half the step (searchSlid): newart scene 35 29 of 30 (26 without), autumn
// scene 126 all (2 missed without, before a cell was slid where it lies). Cells read so count
// as uncertain in deciding whether to read the board again at another scale: a lattice a
// little off everywhere, searched cell by cell, read procedural scene 15 15 of 40 with 2 wrong
// (AnUncertainBoardIsReadAgainAtAnotherScale).
TEST(Recognise, ATileOffTheDriftedLatticeIsSearchedForBySliding) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/newart";
    if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is not here";
    vision::RecogniseParams coarse;
    coarse.searchSlid = false;
    for (const auto& [art, s] : {std::pair{"newart", 35}, {"autumn", 126}}) {
        const auto [e, before] = readBothWays(art, s, coarse);
        EXPECT_GE(e.correct, e.truthTiles - 1) << art;
        // Autumn scene 126 now reads all without it too: its cell is slid where it lies
        // (ACellInTileColoursIsSlidWhateverTheCoarseMatch) when the search finds nothing.
        if (std::string(art) == "newart") {
            EXPECT_GT(e.correct, before.correct) << art;
        }
        EXPECT_EQ(e.wrong + e.extra, 0) << art;
    }
}

// Scenes 100 to 199 of the sweep (beyond the bench's default hundred), read to a few tiles
// before these rules. A steep board seen across its foreshortened axis: its 90 borders there
// span 336 px, shorter than the longest period searched (540), so the comb grew towards 1 up
// to it, the polish followed on to 1e9, and the board was read from a few tiles' squares
// (procedural scene 107: 22 of 69 right). Many borders over a short span now have their period
// searched again within the span (30 px).
TEST(Recognise, ManyBordersOverAShortSpanGiveAPeriodWithinIt) {
    const vision::Evaluation e = reported(sweepScene("procedural", 107));
    EXPECT_GE(e.correct, 63);
    EXPECT_LE(e.wrong + e.extra, 1);
}

// Newart scene 131 (35 px tiles at 45 degrees): one family's vanishing point went through
// infinity to the wrong side, both points then lying right of the picture, 73 degrees apart
// seen from its centre (perpendicular borders put them at least 90 apart). The lattice
// rectified so showed no tiles: 5 of 57 read. Now each point in turn is put at infinity and
// the rectification whose borders lie the most regularly is kept.
TEST(Recognise, AVanishingPointGoneThroughInfinityIsPutBack) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/newart";
    if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is not here";
    const vision::Evaluation e = reported(sweepScene("newart", 131));
    EXPECT_GE(e.correct, 55);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// A long, thin board at 45 degrees (newart scene 187): few cells around the lattice's middle
// hold a tile, so its coarse mean (0.43) said no hypothesis showed tiles though its best cells
// slid into clear matches (0.86); read from a few tiles' squares, the board stopped there.
TEST(Recognise, AHypothesisWhoseBestCellsSlideIntoMatchesShowsTiles) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/newart";
    if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is not here";
    vision::RecogniseParams coarseOnly;
    coarseOnly.slidShowsTiles = 2;
    const auto [e, before] = readBothWays("newart", 187, coarseOnly);
    EXPECT_LE(before.correct, 10);
    EXPECT_GE(e.correct, 28);
    EXPECT_EQ(e.wrong + e.extra, 0);
}

// A column of eleven big tiles at 20 degrees (procedural scene 73): its vanishing points are
// noisy, and the lattice through them lies a third of a tile off at the column's far end (8 of
// 11 right, one wrong). A small board the lattice read with a doubt is read from its tiles'
// squares too, on a grid refitted ring by ring, and the better reading kept.
TEST(Recognise, ASmallBoardReadWithDoubtsIsReadFromItsSquaresToo) {
    vision::RecogniseParams latticeOnly;
    latticeOnly.squaresBelow = 0;
    const auto [e, before] = readBothWays("procedural", 73, latticeOnly);
    EXPECT_LE(before.correct, 9);
    EXPECT_EQ(e.correct, e.truthTiles);
    EXPECT_EQ(e.wrong + e.extra + e.unsure, 0);
}

// Procedural scene 115 of the sweep (65 tiles of 33 px at 45 degrees): the 960-wide copy's
// segments give no lattice (a tile's near sides may be too short there), and the board was read
// from its squares ring by ring: nine readings, 312 ms. The lattice is searched once more on a
// 1152-wide copy (widerWidth) before the squares: found, one reading of the same tiles, 121 ms.
// (Boards of fewer than widerSegments segments are left to their squares: on the --small
// boards the wider lattice added table cells as often as it read a board better.)
TEST(Recognise, NoLatticeAt960IsSearchedForOnAWiderCopy) {
    vision::RecogniseParams never;
    never.widerWidth = 0;
    std::vector<std::string> with, without;
    const vision::Evaluation e = reported(sweepScene("procedural", 115, {}, false, &with));
    const vision::Evaluation before =
        reported(sweepScene("procedural", 115, never, false, &without));
    auto readings = [](const std::vector<std::string>& stages) {
        return std::count(stages.begin(), stages.end(), "cells");
    };
    EXPECT_EQ(readings(with), 1);
    EXPECT_EQ(std::count(with.begin(), with.end(), "squares"), 0);
    EXPECT_GE(readings(without), 4);
    EXPECT_GE(e.correct, std::max(before.correct, 62));
    EXPECT_EQ(e.wrong + e.extra, before.wrong + before.extra);
}

// A lone tile of about 65 px whose four sides LSD on the 960-wide copy broke or missed: no
// lattice and no square, so no board (bench_vision --small, procedural scenes 15, 110, 135 and
// 165, tilts 20 to 45 degrees). The squares are looked for again on the wider copy's segments,
// then on the full picture's (squaresWidth); squares smaller than minSquareSide, a part of a
// tile's drawing, are not taken for tiles.
TEST(Recognise, ALoneTileIsFoundOnAFinerCopy) {
    vision::RecogniseParams never;
    never.widerWidth = never.squaresWidth = never.outlineWidth = 0;
    for (int s : {15, 110, 135, 165}) {
        const auto [e, before] = readBothWays("procedural", s, never, {}, true);
        EXPECT_EQ(before.missed, 1) << "scene " << s;
        EXPECT_EQ(e.correct, 1) << "scene " << s;
        EXPECT_EQ(e.extra, 0) << "scene " << s;
    }
}

// A lone tile or a short row so blurred that LSD finds too little of its sides in grey at any
// scale, its field near the table's grey level (bench_vision --small, procedural scenes of 1
// to 3 tiles at 35 to 45 degrees): no board at all. The sides of what stands out from the
// table in colour (outlineWidth) give its squares, which the classifier verifies as ever.
TEST(Recognise, ABlurredSmallBoardIsFoundByItsColourOutline) {
    vision::RecogniseParams never;
    never.outlineWidth = 0;
    for (int s : {26, 55, 115, 167, 171, 175}) {
        const auto [e, before] = readBothWays("procedural", s, never, {}, true);
        EXPECT_EQ(before.correct, 0) << "scene " << s;
        EXPECT_EQ(e.correct, e.truthTiles) << "scene " << s;
        EXPECT_EQ(e.wrong + e.extra + e.unsure, 0) << "scene " << s;
    }
}

// A blurred region's outline is less square than LSD's segments: autumn scene 55's lone tile at
// 45 degrees gives quads 0.27-0.33 from squares under any camera, past the 0.2 allowed for
// segments. Its outline's squares are allowed outlineSquareError (0.3), and the tile is read.
TEST(Recognise, AColourOutlineIsAllowedToBeLessSquare) {
    vision::RecogniseParams strict;
    strict.outlineSquareError = 0.2f;
    const auto [e, before] = readBothWays("autumn", 55, strict, {}, true);
    EXPECT_EQ(before.correct, 0);
    EXPECT_EQ(e.correct, 1);
    EXPECT_EQ(e.wrong + e.extra + e.unsure, 0);
}

// A lone D on a table of the procedural city's tan (small scene 50): the table's cells around
// it match full cities at 0.66-0.77, so the colour models found no table cell to learn from
// and took every cell's colours for a tile's. Four cells of table were read as tiles and 20 as
// uncertain. On a grid from a few tiles' squares, such colours say nothing
// (squaresNoTableLlr): the D alone is read.
TEST(Recognise, ATableOfATilesColoursAroundAFewTilesIsNotReadAsTiles) {
    vision::RecogniseParams before;
    before.squaresNoTableLlr = 1;
    const auto [e, old] = readBothWays("procedural", 50, before, {}, true);
    EXPECT_GE(old.extra, 2);
    EXPECT_EQ(e.correct, e.truthTiles);
    EXPECT_EQ(e.wrong + e.extra + e.unsure, 0);
}

// A tile amid four others that neither its colours nor its match called a tile was left out
// without a word: a four-sided city of the table's tan (procedural scene 24: it reads Q and R
// at 0.81, which contradict a neighbour, and C at 0.64) and a grey city with a field between
// whose contrast fits badly (autumn scene 24, H at 0.65). Their neighbours' clear sides settle
// them: a reading of at least holeFit that fits every one is a tile.
TEST(Recognise, ATileInAHoleThatFitsItsNeighboursSidesIsRead) {
    vision::RecogniseParams never;
    never.holeFit = 0;
    for (const char* art : {"procedural", "autumn"}) {
        const auto [e, before] = readBothWays(art, 24, never);
        EXPECT_EQ(before.missed, 1);
        EXPECT_EQ(e.correct, e.truthTiles);
        EXPECT_EQ(e.wrong + e.extra + e.unsure, 0);
    }
}

// A bay of the board (two or three tiles beside a cell) holding a tile of the table's colours
// whose outline its own drawing weakens (houses along its edges): no rule called it a tile.
// One whose reading fits its neighbours' clear sides and whose square is outlined a third as
// clearly as a lone cell must be (bayOutline) is one; the table in a bay shows no outline.
// Autumn scene 26 (39 px at 35 degrees, harshest light): 72 of 72, 70 without the rule;
// classic scene 24 (a city of the table's brown): 72 of 72, 71 without.
TEST(Recognise, ATileInABayOfTheBoardThatFitsAndIsOutlined) {
    vision::RecogniseParams never;
    never.bayOutline = 0;
    std::vector<std::pair<std::string, int>> scenes = {{"autumn", 26}};
    if (fs::is_directory(std::string(CARC_SHARED_DIR) + "/tile-art/classic"))
        scenes.push_back({"classic", 24});
    for (const auto& [art, s] : scenes) {
        const auto [e, before] = readBothWays(art, s, never);
        EXPECT_LT(before.correct, e.correct) << art << " scene " << s;
        EXPECT_EQ(e.correct, e.truthTiles) << art << " scene " << s;
        EXPECT_EQ(e.wrong + e.extra + e.unsure, 0) << art << " scene " << s;
    }
}

// A city dense with small houses (newart's M3 from Abbey & Mayor, 46 px) correlates with no
// template at the coarse stage (0.19, below TileClassifier::kNoTile), so nothing was slid and
// the search around the cell ranked places by that match too: missed. A cell in tile colours
// that the coarse stage stopped is slid where it lies (0.76): newart scene 44 reads 63 of 63
// (62 before).
TEST(Recognise, ACellInTileColoursIsSlidWhateverTheCoarseMatch) {
    const std::string folder = std::string(CARC_SHARED_DIR) + "/tile-art/newart";
    if (!fs::is_directory(folder)) GTEST_SKIP() << folder << " is not here";
    const vision::Evaluation e = reported(sweepScene("newart", 44));
    EXPECT_EQ(e.correct, e.truthTiles);
    EXPECT_EQ(e.wrong + e.extra + e.unsure, 0);
}

// A program that reads picture after picture (keepFrameMemory, as the app and the command-line
// tool start) keeps a recognition's large buffers in its heap: glibc's default maps a buffer of
// a picture's size on its own and unmaps it when freed, or hands the heap's top back, and the
// next picture's pages are mapped afresh (a recognition after a picture was drawn took 20-60 ms
// longer: bench_vision --scenes 100, p95 224 -> 144 ms with it).
TEST(FrameMemory, APictureSizedBufferComesFromTheHeapAndStaysThere) {
#if defined(__SANITIZE_ADDRESS__) || !defined(__GLIBC__)
    GTEST_SKIP() << "only glibc's allocator has these settings";
#else
    ASSERT_TRUE(vision::keepFrameMemory());
    const size_t bytes = 1920 * 1080 * 3;
    {
        const cv::Mat picture(1080, 1920, CV_8UC3, cv::Scalar(1, 2, 3));
        EXPECT_LT(mallinfo2().hblkhd, bytes) << "mapped on its own";
    }
    EXPECT_GE(mallinfo2().fordblks, bytes) << "handed back to the system";
#endif
}

// A square's scores for any kind and turn (the tracker ranks placements the classifier's own
// few readings left out by them): on a generated board, each tile's own kind and turn scores
// best of all kinds and turns at its corners, or as well as a kind drawn alike.
TEST(Recognise, TurnScoresAtATilesCornersRankItsOwnDrawingFirst) {
    const vision::Recogniser rec(vision::enrolProcedural(baseSets()),
                                 adj::GameConfig::forSet("base", 2));
    const vision::Scene scene = baseScene(16, 41, 71, 25, 40);
    const auto& kinds = tiledb::Catalogue::bundled().set("base")->kinds;
    std::vector<std::string> ids;
    for (const tiledb::TileKind& k : kinds) ids.push_back(k.id);
    const auto narrow = vision::TileClassifier::Rim::Narrow;
    int first = 0;
    for (const vision::TileTruth& t : scene.tiles) {
        const auto scores = rec.turnScoresAt(scene.image, t.corners, ids, narrow);
        float mine = -2, others = -2;
        for (size_t k = 0; k < kinds.size(); ++k)
            for (int r = 0; r < kinds[k].distinctRotations; ++r) {
                const float v = scores[k][size_t(r)];
                if (kinds[k].id == t.kind && r == t.rotation % kinds[k].distinctRotations)
                    mine = v;
                else
                    others = std::max(others, v);
            }
        EXPECT_GT(mine, 0.7f) << t.kind << " at " << t.cell.x << "," << t.cell.y;
        first += mine >= others - 0.02f;
    }
    EXPECT_GE(first, int(scene.tiles.size()) - 1) << "of " << scene.tiles.size();
    // A kind the references lack, or no picture: no score.
    EXPECT_EQ(rec.turnScoresAt(scene.image, scene.tiles[0].corners, {"no-such-kind"}, narrow)[0][0],
              -2);
    EXPECT_EQ(
        rec.turnScoresAt(cv::Mat(), scene.tiles[0].corners, {scene.tiles[0].kind}, narrow)[0][0],
        -2);
    // Corners that are no square (all in one point): no patch, no score, no crash.
    const cv::Point2f at = scene.tiles[0].corners[0];
    EXPECT_EQ(rec.turnScoresAt(scene.image, {at, at, at, at}, {scene.tiles[0].kind}, narrow)[0][0],
              -2);
}
