#!/usr/bin/env bash
# Configures and builds the project into a build folder.
#   scripts/build.sh [normal|sanitize]   (default: normal)
# normal   -> build/          Release with assertions kept, benchmarks included
# sanitize -> build-sanitize/ Debug with AddressSanitizer + UndefinedBehaviorSanitizer
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
flavour="${1:-normal}"

case "$flavour" in
    normal) dir="$root/build"; args=(-DCMAKE_BUILD_TYPE=Release -DCARC_SANITIZE=OFF) ;;
    sanitize) dir="$root/build-sanitize"; args=(-DCMAKE_BUILD_TYPE=Debug -DCARC_SANITIZE=ON) ;;
    *) echo "build: unknown flavour '$flavour' (normal|sanitize)" >&2; exit 2 ;;
esac

cmake -S "$root" -B "$dir" -G Ninja "${args[@]}" >&2
# Two cores: two jobs; more only thrashes memory on the heavy Qt/OpenCV translation units.
cmake --build "$dir" -j 2 >&2
echo "$dir"
