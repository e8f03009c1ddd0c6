// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"

#include <QString>
#include <optional>

class QCommandLineParser;

// Node passwords that never appear in `ps`: from a file (--password-file FILE, its first
// line), an environment variable (--password-env NAME), or the keychain (--fleet NAME: a
// fleet saved in the window's Nodes dialog, its passwords where the window keeps them). One
// given in --nodes or --storage is masked in the process's arguments once it has been read
// (maskArguments), as far as that can be done: `ps` may show it during the moment before.
class NodePasswords
{
public:
    // The password of --password-file or --password-env, for every node (and an external
    // storage) given without one. True when neither is set. False, with *error, for a file
    // that is not a small regular file, or a variable that is not set.
    static bool apply(const QCommandLineParser& parser, EngineConfig* config, QString* error);
    // --fleet NAME: its nodes, with the passwords the window remembered for them.
    static bool applyFleet(const QCommandLineParser& parser, EngineConfig* config, QString* error);

    // Overwrites, in place, the password of every "user:password@" in the arguments with
    // '*', so that `ps` and /proc/PID/cmdline show no password from here on.
    static void maskArguments(int argc, char** argv);
    // `text` with each "user:password@" password replaced by '*' (same length).
    static QByteArray masked(const QByteArray& text);

    // A password file may be at most this large.
    static constexpr qint64 MaxFileBytes = 4096;
};
