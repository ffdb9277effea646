// Catalogue start-up cost: parsing and checking the bundled set files from text.
#include "tiledb/catalogue.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

namespace {

std::vector<std::pair<std::string, std::string>> readDataFiles() {
    std::vector<std::pair<std::string, std::string>> files;
    for (const char* name : {"base.tiles", "winter.tiles", "demo.tiles", "abbey-mayor.tiles"}) {
        std::ifstream in(std::string(CARC_TILE_DATA_DIR) + "/" + name);
        std::ostringstream ss;
        ss << in.rdbuf();
        files.emplace_back(name, ss.str());
    }
    return files;
}

void BM_LoadAllSets(benchmark::State& state) {
    const auto files = readDataFiles();
    for (auto _ : state) {
        std::vector<tiledb::LoadError> errors;
        auto cat = tiledb::Catalogue::loadTexts(files, errors);
        if (!errors.empty()) state.SkipWithError("catalogue does not load");
        benchmark::DoNotOptimize(cat);
    }
}
BENCHMARK(BM_LoadAllSets)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
