#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and opens Redlock Scope with five local redis-server
# nodes. Extra arguments go to the app (e.g. --nodes host:port,... or --clients 8).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "run: no display found; running under xvfb-run (use --screenshot FILE to see it)"
    exec xvfb-run -a -s "-screen 0 1280x720x24" ./build/app/redlockscope "$@"
fi
exec ./build/app/redlockscope "$@"
