#!/usr/bin/env bash
# Fails when a C++ file of the project differs from what clang-format (.clang-format) makes.
#   scripts/check-format.sh          check
#   scripts/check-format.sh --fix    rewrite the files in place
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
files=()
while IFS= read -r f; do
    [ -f "$f" ] && files+=("$f") # skip files deleted but not yet committed
done < <(git ls-files --cached --others --exclude-standard '*.cpp' '*.h' 2>/dev/null | sort -u)
if [ "${1:-}" = "--fix" ]; then
    clang-format -i "${files[@]}"
    echo "format: rewrote ${#files[@]} files"
else
    clang-format --dry-run -Werror "${files[@]}"
    echo "format: ${#files[@]} files follow .clang-format"
fi
