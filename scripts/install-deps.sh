#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what Redlock Scope needs on Debian 12 (as root), skipping what is there already.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config git
    qt6-base-dev qt6-svg-dev libgl-dev
    # Qt Charts draws the XY charts; its CMake package needs Qt6OpenGL's, which Debian 12's
    # qt6-charts-dev does not pull in (libqt6opengl6-dev).
    qt6-charts-dev libqt6opengl6-dev
    qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
    libhiredis-dev redis-server redis-sentinel
    # The TLS tests make their CA and certificates with the openssl command (issue 35).
    openssl
    qtkeychain-qt6-dev libsecret-1-0
    xvfb xauth fonts-dejavu-core fonts-noto-cjk
    desktop-file-utils appstream
    # redis-py's Lock: a real lock client no one here wrote, in the foreign-client tests.
    python3-redis
    # Static analysis (scripts/lint.sh): clang with clazy's plugin compiles, clang-tidy reads;
    # scripts/format-check.sh holds the sources to .clang-format.
    clang clang-tidy clazy clang-format
)
# node and npm: the npm lock clients of the library matrix and the node-redlock benchmark
# (scripts/node-redlock/setup.sh). Only where npm is missing: a machine with another Node.js
# (a nodejs package that ships npm itself) keeps it.
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: everything is installed"
    exit 0
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# The Debian package would start a system-wide redis on 6379; we only want the binary.
# policy-rc.d stops invoke-rc.d from starting services during this install.
policy=/usr/sbin/policy-rc.d
created_policy=0
if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy"
    chmod +x "$policy"
    created_policy=1
fi
apt-get install -y -qq --no-install-recommends "${missing[@]}"
if [ "$created_policy" = 1 ]; then rm -f "$policy"; fi
