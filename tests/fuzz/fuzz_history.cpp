// libFuzzer target: any bytes given to the history importers (our JSON export and JCloisterZone
// replays) into a private database yield games or refusals with a reason, never a crash; every
// game that is accepted replays through the engine, and the database stays sound.
#include "game_recorder.h"
#include "history_io.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

void check(const carc::history::Store& store, const carc::history::ImportReport& r) {
    if (!r.error.empty() || !r.refused.empty()) {
        for (const std::string& why : r.refused)
            if (why.empty()) __builtin_trap(); // a refusal always says why
    }
    for (carc::history::GameId id : r.added)
        if (!carc::history::replayGame(*store.game(id)).empty()) __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        auto store = carc::history::Store::open(":memory:");
        check(*store, carc::history::importJson(*store, text, "fuzz.json"));
        check(*store, carc::history::importJcz(*store, text, "fuzz.jcz"));
        if (!store->integrityProblems().empty()) __builtin_trap();
    } catch (const carc::history::StoreError&) {
        // A store error is a clear refusal too (e.g. an over-long text); never a crash.
    }
    return 0;
}
