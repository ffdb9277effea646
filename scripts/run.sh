#!/usr/bin/env bash
# Sets everything up, builds, and runs the main job.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/setup.sh"
dir="$(bash "$root/scripts/build.sh" normal | tail -n 1)"
exec "$dir/app/carcassonne" "${@:-tiles}"
