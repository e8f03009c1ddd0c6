#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The whole suite RUNS times in a row (default 3) in an existing build (BUILD_DIR, default
# build), beside BURNERS CPU-bound processes (default 2) this script starts and stops by pid:
# no test may depend on how busy the machine is (HACKING.md, "Tests on a busy machine").
# Stops at the first run that fails; each run's log is in $BUILD_DIR/busy-run-N.log.
set -euo pipefail
cd "$(dirname "$0")/../${BUILD_DIR:-build}"
burners=()
trap 'kill "${burners[@]}" 2>/dev/null || true' EXIT
for _ in $(seq 1 "${BURNERS:-2}"); do
    (while :; do :; done) &
    burners+=($!)
done
for run in $(seq 1 "${RUNS:-3}"); do
    started=$SECONDS
    status=0
    QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j 2 "$@" >"busy-run-$run.log" 2>&1 ||
        status=$?
    echo "run $run: $((SECONDS - started)) s, $(grep -E 'tests passed' "busy-run-$run.log")"
    if [ "$status" != 0 ]; then
        grep -E '^\s+[0-9]+ - ' "busy-run-$run.log" || true
        exit "$status"
    fi
done
