#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and runs the whole test suite with CTest:
# unit tests, integration tests against real redis-server processes, widget tests
# (offscreen). Extra arguments go to ctest (e.g. -L unit, -R tst_redlock).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh ${CMAKE_FLAGS:-}
cd "${BUILD_DIR:-build}"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j 2 "$@"
