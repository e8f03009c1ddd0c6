#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Configures and builds into build/ (BUILD_TYPE and extra cmake flags may be passed).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
launcher=()
if command -v ccache >/dev/null 2>&1; then
    # Optional: a developer's rebuilds (and other checkouts of the tree) reuse objects.
    export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
    # With precompiled headers ccache caches only under these (its manual, "Precompiled headers").
    export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}" "${launcher[@]}" "$@"
# BUILD_TARGET builds one target (and what it needs) instead of everything.
cmake --build "$build_dir" -j "$(nproc)" ${BUILD_TARGET:+--target "$BUILD_TARGET"}
