#!/usr/bin/env bash
# The sample game in the real window (under Xvfb) and in the terminal: both must end with the
# same final scores, and the window's must be the engine's (checked by carcassonne-gui --tour).
#   sample_game.sh XVFB_RUN GUI CLI SCREENSHOT_DIR
set -euo pipefail
xvfb="$1" gui="$2" cli="$3" shots="$4"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$shots"
# Leaks are checked without X (gui_model_tests, quick_tests): under Xvfb, LeakSanitizer reports
# blocks of GL/X libraries unloaded at exit, which no suppression can name.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
"$xvfb" -a -s "-screen 0 1280x800x24" "$gui" --sample --interval 15 \
    --history "$work/window.sqlite" --tour "$shots" | tee "$work/window.txt"
"$cli" play --quiet --db "$work/terminal.sqlite" | tee "$work/terminal.txt"
window="$(sed -n 's/^final scores shown: //p' "$work/window.txt")"
terminal="$(sed -n 's/^Final scores: //p' "$work/terminal.txt" | tr -d ',')"
for f in live dispute final; do
    [ -s "$shots/$f.png" ] || { echo "no screenshot $shots/$f.png"; exit 1; }
done
if [ -z "$window" ] || [ "$window" != "$terminal" ]; then
    echo "the window shows '$window' but the terminal printed '$terminal'"
    exit 1
fi
# The window's game is in its history, finished, with the same scores.
"$cli" history list --db "$work/window.sqlite" | tee "$work/list.txt"
grep -q "finished\|Ana" "$work/list.txt"
echo "window and terminal agree: $window"
