#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and fuzzes one of them, then merges what it found
# into the corpus kept in the repository.
#   scripts/fuzz.sh TARGET SECONDS      e.g. scripts/fuzz.sh tiles 600
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:-tiles}"
seconds="${2:-60}"
dir="$root/build-fuzz"
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
    -DCARC_BUILD_FUZZERS=ON -DCARC_SANITIZE=ON -DCARC_BUILD_APP=OFF -DCARC_BUILD_VISION=OFF >&2
cmake --build "$dir" --target "fuzz_$target" -j 2 >&2
corpus="$root/tests/fuzz/corpus/$target"
work="$dir/corpus-$target"
mkdir -p "$work" "$corpus"
"$dir/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
    -print_final_stats=1 "$work" "$corpus"
# Keep a minimal corpus that covers everything found (seeds and regression inputs are kept by name).
mkdir -p "$work-min"
"$dir/tests/fuzz/fuzz_$target" -merge=1 "$work-min" "$corpus" "$work" >/dev/null 2>&1
find "$corpus" -type f ! -name 'seed-*' ! -name 'regression-*' -delete
cp -n "$work-min"/* "$corpus"/ 2>/dev/null || true
echo "fuzz: $target ran ${seconds}s without a crash; corpus: $(ls "$corpus" | wc -l) files"
