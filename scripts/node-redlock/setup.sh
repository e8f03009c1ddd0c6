#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the npm lock clients Redlock Scope runs, at the versions package-lock.json pins:
# node-redlock and ioredis, for `redlockscope --headless --bench --vs-node-redlock`
# (docs/benchmarks.md, "The benchmark") and tests/app/tst_noderedlock.cpp, and
# @sesamecare-oss/redlock, redis-semaphore and redlock-universal for the library matrix
# (tests/matrix/tst_lockclients.cpp, docs/foreign-clients.md): into REDLOCK_NODE_REDLOCK_DIR, else
# ${XDG_CACHE_HOME:-~/.cache}/redlockscope/node-redlock, outside the source tree. Does nothing
# when that directory already holds exactly these versions. The tests run it themselves when
# the modules are missing, and fail (not skip) when it fails.
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
if cmp -s "$here/package-lock.json" "$dest/package-lock.json" &&
    [ -f "$dest/node_modules/.package-lock.json" ]; then
    echo "the npm lock clients are installed in $dest"
    exit 0
fi
mkdir -p "$dest"
cp "$here/package.json" "$here/package-lock.json" "$dest/"
(cd "$dest" && npm ci --no-audit --no-fund --loglevel=error)
echo "the npm lock clients installed in $dest"
