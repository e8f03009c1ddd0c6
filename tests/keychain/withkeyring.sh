#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a test against a real Secret Service that holds nothing of the user's: a session bus of
# its own (dbus-run-session) and GNOME Keyring unlocked in a scratch HOME, both gone after.
set -eu
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_RUNTIME_DIR="$home/run"
mkdir -p "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
# The keyring is made and unlocked with a throwaway password read from stdin.
dbus-run-session -- sh -c \
    'printf %s scratch | gnome-keyring-daemon --unlock --components=secrets >/dev/null && "$@"' \
    sh "$@"
