#!/usr/bin/env bash
# Sets everything up, builds, and runs the main job.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/setup.sh"
dir="$(bash "$root/scripts/build.sh" normal | tail -n 1)"
# With no arguments: a narrated, seeded game in the terminal (until the camera sample game).
if [ $# -eq 0 ]; then set -- simulate --players 3 --seed 2026; fi
exec "$dir/app/carcassonne" "$@"
