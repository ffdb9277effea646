#!/usr/bin/env bash
# Sets everything up, builds, and runs the main job. With no camera attached it plays the
# bundled sample game: in the window when a display exists, in the terminal otherwise. With a
# camera (/dev/video*) and a display, the window opens on the game screen to follow it live.
# Arguments go to the command-line tool `carcassonne` instead (e.g. `run.sh explain "..."`).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/setup.sh"
dir="$(bash "$root/scripts/build.sh" normal | tail -n 1)"
if [ $# -gt 0 ]; then exec "$dir/app/carcassonne" "$@"; fi
if { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; } && [ -x "$dir/app/carcassonne-gui" ]; then
    if compgen -G "/dev/video*" > /dev/null; then # a camera: the players set up their game
        echo "A camera is attached: start a game in the window, then \"Follow the live camera\"."
        exec "$dir/app/carcassonne-gui" --screen game
    fi
    exec "$dir/app/carcassonne-gui" --sample
fi
exec "$dir/app/carcassonne" play
