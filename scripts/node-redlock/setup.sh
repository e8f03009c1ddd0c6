#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs node-redlock and ioredis, at the versions package-lock.json pins, for
# `redlockscope --headless --bench --vs-node-redlock` (README, "The benchmark") and for
# tests/app/tst_noderedlock.cpp (README, "Your own client under test"): into
# REDLOCK_NODE_REDLOCK_DIR, else ${XDG_CACHE_HOME:-~/.cache}/redlockscope/node-redlock, outside
# the source tree. The benchmark finds them there and writes its script next to them.
# Needs node and npm (Debian: apt-get install nodejs npm) and the npm registry.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=${REDLOCK_NODE_REDLOCK_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/redlockscope/node-redlock}
for tool in node npm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "setup.sh: $tool not found (Debian: apt-get install nodejs npm)" >&2
        exit 2
    fi
done
mkdir -p "$dest"
cp "$here/package.json" "$here/package-lock.json" "$dest/"
(cd "$dest" && npm ci --no-audit --no-fund --loglevel=error)
echo "node-redlock installed in $dest"
