#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The C++ sources against the repository's .clang-format (HACKING.md, "Format"): every tracked
# .cpp and .h file must be as `clang-format -i` would leave it. Fails on the first drifted file
# with the lines clang-format would change; `--fix` formats them in place instead. Debian 12's
# clang-format is 14 (install-deps.sh installs it); another major version may format some
# lines differently, so CLANG_FORMAT names the binary where several are installed.
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format=${CLANG_FORMAT:-clang-format}

# The sources git tracks (moc's, rcc's and the build folders' files are not); a copy without
# .git (a source tarball) falls back to the source folders.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files -- '*.cpp' '*.h')
else
    mapfile -t files < <(find engine ui app tests -name '*.cpp' -o -name '*.h' | sort)
fi

if [ "${1:-}" = --fix ]; then
    "$clang_format" -i -- "${files[@]}"
    exit 0
fi

# One clang-format for all the files (a process per file took minutes on a busy machine); it
# warns once per line it would change, naming the file.
report=$("$clang_format" --dry-run -- "${files[@]}" 2>&1) || true
mapfile -t drifted < <(printf '%s\n' "$report" |
    sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' | sort -u)
if [ ${#drifted[@]} -gt 0 ]; then
    printf '%s\n' "$report" | head -40 >&2
    echo "format-check: ${#drifted[@]} of ${#files[@]} files differ from .clang-format" \
        "($("$clang_format" --version)): ${drifted[*]}" >&2
    echo "format-check: bash scripts/format-check.sh --fix formats them" >&2
    exit 1
fi
if [ -n "$report" ]; then # clang-format failed otherwise (a file it cannot read, a bad config)
    printf '%s\n' "$report" >&2
    exit 1
fi
echo "format-check: ${#files[@]} files as .clang-format says"
