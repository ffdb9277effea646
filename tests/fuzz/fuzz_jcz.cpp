// libFuzzer target: any bytes given to the JCloisterZone importer (JSON reader, replay parser,
// replay through the engine) yield a result or an error, never a crash or a hang.
#include "adjudicator/jcz.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto replay = adj::jcz::parse(text, &error);
    if (!replay) {
        if (error.empty()) __builtin_trap(); // a refusal always says why
        return 0;
    }
    const adj::jcz::Result r = adj::jcz::run(*replay);
    if (r.state && !r.state->checkConsistency().empty()) __builtin_trap();
    return 0;
}
