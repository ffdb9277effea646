#!/usr/bin/env bash
# Fails if a library reaches a layer it may not: tile-db and adjudicator include no Qt or
# OpenCV header; vision includes no Qt header. Usage: check_layers.sh PROJECT_ROOT
set -u
root="${1:-.}"
status=0
check() {
    local dir="$1" pattern="$2" what="$3"
    local hits
    hits=$(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]($pattern)" "$root/$dir" \
        --include='*.h' --include='*.hpp' --include='*.cpp' --include='*.cc' 2>/dev/null)
    if [ -n "$hits" ]; then
        echo "layer rule broken: $dir may not include $what:"
        echo "$hits"
        status=1
    fi
}
qt='Q[A-Za-z]+|Qt[A-Za-z]*/|qt'
cv='opencv2?/|cv\.h'
check tile-db "$qt|$cv" "Qt or OpenCV headers"
check adjudicator "$qt|$cv" "Qt or OpenCV headers"
check vision "$qt" "Qt headers"
[ $status -eq 0 ] && echo "layer rule holds: tile-db, adjudicator (no Qt/OpenCV), vision (no Qt)"
exit $status
