// libFuzzer target: any bytes given to the tile-set parser yield a set or errors, never a crash,
// a hang or undefined behaviour. Inputs may also 'uses' the bundled base set.
#include "tiledb/catalogue.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const tiledb::LoadResult r = tiledb::parseTileSet(
        text, "fuzz.tiles",
        [](std::string_view id, const void*) { return tiledb::Catalogue::bundled().set(id); },
        nullptr);
    if (r.ok() == !r.errors.empty()) __builtin_trap(); // a result is one or the other
    if (r.ok())
        for (const auto& k : r.set->kinds)
            for (int rot = 0; rot < 4; ++rot)
                for (size_t f = 0; f < k.features.size(); ++f)
                    if (k.featureAt(k.featurePoint(int(f), rot), rot) < 0) __builtin_trap();
    return 0;
}
