#!/usr/bin/env bash
# Installs, with Debian's apt-get, everything the build, the tests and the app need.
# Idempotent: packages already present are skipped. Works as root or through sudo.
set -euo pipefail

packages=(
    # toolchain and test frameworks
    g++ cmake ninja-build ccache pkg-config clang clang-format libclang-rt-14-dev
    googletest libgtest-dev libgmock-dev libbenchmark-dev
    # vision
    libopencv-dev
    # application
    qt6-base-dev qt6-declarative-dev qt6-multimedia-dev qt6-tools-dev qt6-l10n-tools
    qml6-module-qtquick qml6-module-qtquick-controls qml6-module-qtquick-layouts
    qml6-module-qtquick-window qml6-module-qtqml-workerscript qml6-module-qtquick-templates
    qml6-module-qttest qml6-module-qtmultimedia libqt6sql6-sqlite libsqlite3-dev
    # running the window headless, and its fonts
    xvfb xauth libgl1-mesa-dri fonts-dejavu-core
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "setup: all ${#packages[@]} packages are present"
    exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        sudo=(sudo)
    else
        echo "setup: not root and no sudo; install these as root: ${missing[*]}" >&2
        exit 1
    fi
fi

echo "setup: installing ${#missing[@]} packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "setup: done"
