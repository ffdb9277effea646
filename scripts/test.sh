#!/usr/bin/env bash
# Sets everything up, builds, and runs every test suite; ends with ctest's summary.
#   scripts/test.sh [normal|sanitize]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
flavour="${1:-normal}"
bash "$root/scripts/setup.sh"
dir="$(bash "$root/scripts/build.sh" "$flavour" | tail -n 1)"
cd "$dir"
ctest --output-on-failure -j 2
