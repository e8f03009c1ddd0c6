#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs node-redlock 5.0.0-beta.2 and ioredis, as pinned in package-lock.json, into a cache
# outside the source tree, where tst_noderedlock finds it:
#   tests/support/node-redlock/setup.sh [DIR]
# DIR defaults to $REDLOCKSCOPE_NODE_REDLOCK, else ${XDG_CACHE_HOME:-~/.cache}/redlockscope/node-redlock.
# Needs node and npm (Debian: apt-get install nodejs npm) and the npm registry once.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}
dest=${1:-${REDLOCKSCOPE_NODE_REDLOCK:-$cache/redlockscope/node-redlock}}
for tool in node npm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "setup.sh: $tool is not installed (Debian: apt-get install nodejs npm)" >&2
        exit 2
    fi
done
mkdir -p "$dest"
cp "$here/package.json" "$here/package-lock.json" "$dest/"
cd "$dest"
npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
node -e "require('redlock'); require('ioredis')"
echo "node-redlock is set up in $dest"
