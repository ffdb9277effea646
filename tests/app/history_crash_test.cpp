// A process writing games is killed (SIGKILL) at random moments, many times over one database.
// After every kill the database must open cleanly, pass PRAGMA integrity_check, hold every turn
// the writer had reported as committed, and every stored game must replay through the engine.
#include "game_recorder.h"
#include "history_store.h"

#include "adjudicator/random_game.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <sys/wait.h>
#include <unistd.h>

using namespace carc::history;
namespace fs = std::filesystem;

namespace {

// The writer: records random games forever, writing "GAME SEQ\n" to fd after each commit.
[[noreturn]] void writeGames(const std::string& path, int fd, std::uint64_t seed) {
    try {
        auto store = Store::open(path);
        for (;; ++seed) {
            const adj::GameConfig cfg = adj::GameConfig::forSet(
                "base", 2 + int(seed % 4),
                seed % 2 ? std::vector<std::string>{"abbey-mayor"} : std::vector<std::string>{});
            GameInfo info;
            for (int p = 0; p < cfg.players; ++p)
                info.players.push_back({"P" + std::to_string(p), "red"});
            GameRecorder rec(*store, *adj::State::create(cfg), info);
            adj::RandomGameOptions o;
            o.onStep = [&](const adj::State&, const adj::RandomStep& step) {
                const int before = rec.turnsRecorded();
                rec.apply(step);
                if (rec.turnsRecorded() == before) return;
                const std::string line =
                    std::to_string(rec.gameId()) + " " + std::to_string(rec.turnsRecorded()) + "\n";
                if (::write(fd, line.data(), line.size()) < 0) _exit(4);
            };
            adj::playRandomGame(cfg, seed, o);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "writer: %s\n", e.what());
        _exit(3);
    }
}

} // namespace

TEST(HistoryCrash, KilledWritersNeverLoseACommittedTurn) {
    const fs::path dir = fs::temp_directory_path() / ("carc-crash-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string path = (dir / "history.sqlite").string();
    std::mt19937 rng(20261122);
    std::map<GameId, int> committed; // per game: the last turn reported committed
    const int kills = 40;
    int killedMidGame = 0;
    for (int round = 0; round < kills; ++round) {
        int fds[2];
        ASSERT_EQ(::pipe(fds), 0);
        const pid_t child = fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            ::close(fds[0]);
            writeGames(path, fds[1], 1000 * std::uint64_t(round + 1));
        }
        ::close(fds[1]);
        // Let it write for 20 to 400 ms, then kill it without warning.
        ::usleep(20000 + rng() % 380000);
        ASSERT_EQ(::kill(child, SIGKILL), 0);
        int status = 0;
        ::waitpid(child, &status, 0);
        ASSERT_TRUE(WIFSIGNALED(status))
            << "the writer stopped by itself, exit code " << WEXITSTATUS(status);
        std::string reported;
        char buf[4096];
        for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) reported.append(buf, size_t(n));
        ::close(fds[0]);
        // Only whole lines: the kill may cut the last one.
        reported.resize(reported.rfind('\n') == std::string::npos ? 0 : reported.rfind('\n') + 1);
        std::istringstream in(reported);
        long long game = 0;
        int seq = 0;
        while (in >> game >> seq) committed[game] = std::max(committed[game], seq);

        auto store = Store::open(path);
        ASSERT_EQ(store->integrityProblems(), "") << "after kill " << round;
        for (const auto& [id, last] : committed) {
            const std::optional<StoredGame> g = store->game(id);
            ASSERT_TRUE(g) << "game " << id << " lost after kill " << round;
            ASSERT_GE(int(g->turns.size()), last) << "game " << id << " lost turns";
            ASSERT_EQ(replayGame(*g), "") << "game " << id;
            killedMidGame += !g->summary.finished() && id == committed.rbegin()->first;
        }
    }
    EXPECT_GT(committed.size(), size_t(kills / 2));
    EXPECT_GT(killedMidGame, kills / 2) << "most kills should land in the middle of a game";

    // The latest interrupted game goes on where it stopped and is played to the end. (The final
    // kill may land just after a game ended, so it is not always the very last game.)
    auto store = Store::open(path);
    GameId last = 0;
    for (auto it = committed.rbegin(); it != committed.rend() && last == 0; ++it)
        if (!store->game(it->first)->summary.finished()) last = it->first;
    ASSERT_NE(last, 0) << "no interrupted game to resume";
    GameRecorder rec = GameRecorder::resume(*store, last);
    adj::Rng pick(7);
    while (!rec.state().terminal()) {
        const adj::State& s = rec.state();
        adj::Action a;
        if (s.phase() == adj::Phase::Meeple) {
            a.kind = adj::Action::Kind::Pass;
        } else if (s.phase() == adj::Phase::Wagon) {
            a.kind = adj::Action::Kind::WagonStays;
        } else if (s.remainingTotal() == 0) {
            a.kind = adj::Action::Kind::End;
        } else {
            std::vector<int> left;
            for (int k = 0; k < int(s.kinds().size()); ++k)
                if (s.remaining(k) > 0 && !s.kinds()[size_t(k)]->inSupply) left.push_back(k);
            ASSERT_FALSE(left.empty());
            a.tileKind = left[size_t(pick.below(int(left.size())))];
            const std::vector<adj::Placement> places = s.legalPlacements(a.tileKind);
            a.kind = places.empty() ? adj::Action::Kind::Discard : adj::Action::Kind::Tile;
            if (!places.empty()) a.placement = places[size_t(pick.below(int(places.size())))];
        }
        ASSERT_TRUE(rec.apply(a).ok()) << adj::actionText(s, a);
    }
    const StoredGame done = *store->game(last);
    EXPECT_TRUE(done.summary.finished());
    EXPECT_EQ(replayGame(done), "");
    EXPECT_THROW(GameRecorder::resume(*store, last), StoreError) << "a finished game stays so";
    fs::remove_all(dir);
}
