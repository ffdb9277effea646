// Conformance with JCloisterZone's scored scenarios (../shared/reference/jcloisterzone): every
// replay in engine-tests/basic and engine-tests/abbey-and-mayor must replay without a refused
// action and pass every assertion about the rules (scores, score events, legal tile placements,
// meeple options, wagon moves, barn placements). Replays using pieces of other expansions (the
// pig of Traders & Builders) are skipped with that reason.
#include "adjudicator/jcz.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

const std::string kTests = std::string(CARC_SHARED_DIR) + "/reference/jcloisterzone/engine-tests";

std::string readFile(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Runs every replay of a folder; returns the number of rule assertions that passed.
int runFolder(const std::string& folder, int minFiles) {
    const std::string dir = kTests + "/" + folder;
    int files = 0, checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".jcz") continue;
        SCOPED_TRACE(entry.path().filename().string());
        std::string error;
        const auto replay = adj::jcz::parse(readFile(entry.path()), &error);
        EXPECT_TRUE(replay) << error;
        if (!replay) continue;
        ++files;
        if (!replay->unsupported.empty()) { // e.g. the pig of Traders & Builders
            std::printf("  skipped %s: %s\n", entry.path().filename().c_str(),
                        replay->unsupported.c_str());
            continue;
        }
        const adj::jcz::Result r = adj::jcz::run(*replay);
        EXPECT_EQ(r.error, "");
        for (const auto& a : r.assertions) {
            EXPECT_NE(a.status, adj::jcz::AssertionResult::Status::Fail)
                << a.text << " -- engine: " << a.detail;
            checked += a.status == adj::jcz::AssertionResult::Status::Pass;
        }
    }
    std::printf("JCloisterZone %s scenarios: %d files, %d rule assertions checked\n",
                folder.c_str(), files, checked);
    EXPECT_GE(files, minFiles);
    return checked;
}

} // namespace

TEST(JczConformance, EveryBasicScenarioPasses) {
    if (!std::filesystem::is_directory(kTests + "/basic"))
        GTEST_SKIP() << "JCloisterZone scenarios absent (" << kTests << "): conformance skipped";
    EXPECT_GE(runFolder("basic", 7), 20);
}

TEST(JczConformance, EveryAbbeyAndMayorScenarioPasses) {
    if (!std::filesystem::is_directory(kTests + "/abbey-and-mayor"))
        GTEST_SKIP() << "JCloisterZone scenarios absent (" << kTests << "): conformance skipped";
    EXPECT_GE(runFolder("abbey-and-mayor", 12), 25);
}

TEST(JczImport, BadFilesGiveErrorsNotCrashes) {
    std::string error;
    EXPECT_FALSE(adj::jcz::parse("{\"setup\": ", &error));
    EXPECT_EQ(error, "not JSON: line 1, column 11: the text ends where a value was expected");
    EXPECT_FALSE(adj::jcz::parse("[]", &error));
    EXPECT_EQ(error, "the replay is not a JSON object");
    EXPECT_FALSE(adj::jcz::parse(
        R"({"setup": {"sets": {"basic:1": 1}}, "players": [], "replay": []})", &error));
    EXPECT_EQ(error, "players: 1 to 6 players expected");
    EXPECT_FALSE(adj::jcz::parse(
        R"({"setup": {"sets": {"basic:1": 1}}, "players": [{"name": "A"}],
            "replay": [{"type": "PLACE_TILE", "payload": {"tileId": "BA/C", "rotation": "R45", "position": [0, 1]}}]})",
        &error));
    EXPECT_EQ(error, "replay[0]: PLACE_TILE needs tileId, rotation R0..R270, position [x,y]");
    EXPECT_FALSE(adj::jcz::parse(std::string(200, '['), &error));
    EXPECT_NE(error.find("nested deeper than 64 levels"), std::string::npos) << error;
}

TEST(JczImport, AnIllegalMoveStopsTheReplayWithAReason) {
    std::string error;
    const auto replay = adj::jcz::parse(
        R"({"setup": {"sets": {"basic:1": 1}, "elements": {"small-follower": 7, "farmers": true}},
            "players": [{"name": "A"}],
            "replay": [{"type": "PLACE_TILE", "payload": {"tileId": "BA/C", "rotation": "R0", "position": [0, 1]}}]})",
        &error);
    ASSERT_TRUE(replay) << error;
    const adj::jcz::Result r = adj::jcz::run(*replay);
    // BA/C at JCZ (0,1) is our (0,-1): south of D, its city facing north onto D's field.
    EXPECT_EQ(r.error, "replay[0] PLACE_TILE BA/C: edge-mismatch");
    EXPECT_FALSE(r.passed());
}

TEST(JczImport, FuzzCorpusNeverCrashes) {
    // The fuzzer's saved corpus (tests/fuzz/corpus/jcz) replayed through import and engine.
    const std::string dir = std::string(CARC_SOURCE_DIR) + "/tests/fuzz/corpus/jcz";
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        std::string error;
        const auto replay = adj::jcz::parse(readFile(entry.path()), &error);
        if (!replay) {
            EXPECT_FALSE(error.empty()) << entry.path();
            ++files;
            continue;
        }
        const adj::jcz::Result r = adj::jcz::run(*replay);
        if (r.state) {
            EXPECT_EQ(r.state->checkConsistency(), "") << entry.path();
        }
        ++files;
    }
    EXPECT_GE(files, 6); // at least the 3 seeds and the 3 regression inputs
}
