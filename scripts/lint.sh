#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Static analysis of the project's code (HACKING.md, "Static analysis"): clazy's Qt checks run
# inside clang while it builds everything, tests included (REDLOCK_CLAZY, the list in
# CMakeLists.txt), then clang-tidy's checks (.clang-tidy) over the sources of engine/, app/,
# ui/ and tests/support/. Any finding fails it, a compiler warning included. BUILD_DIR (default build-lint) is a clang
# build folder; CI passes the one its suite ran in, built the same way, so only clang-tidy runs.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build-lint}

# CXX takes effect when a folder is first configured: a gcc folder stops at REDLOCK_CLAZY.
# REDLOCK_LINT_BUILT=1 says the folder is built already (CI builds it, then runs this beside the
# suite, which must not have two builds at once in one folder).
if [ "${REDLOCK_LINT_BUILT:-0}" != 1 ]; then
    CXX=clang++ BUILD_DIR=$build_dir bash scripts/build.sh -DREDLOCK_CLAZY=ON \
        -DCMAKE_COMPILE_WARNING_AS_ERROR=ON
fi

# The project's sources only: moc's and rcc's output lies in the build folder. clang-tidy reuses
# the build's precompiled headers (clang's own), and .clang-tidy makes a finding an error. The
# 81 test files (tst_*.cpp) are left to clazy and clang's warnings: clang-tidy spends 3.5 s of
# CPU on each (Qt Test's headers), about 2.5 minutes of CI; the code they test is read here.
run-clang-tidy -quiet -p "$build_dir" -j "$(nproc)" "^$PWD/(engine|app|ui|tests/support)/.*\.cpp$"
