// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <sys/types.h>

// What must not outlive the process when it is ended at once, without its destructors: the
// deadline after a signal (UnixSignalWatcher::setDeadline, "still busy 0.8 s after the
// signal") ends the app with _exit, and before that run() does, from the watchdog's thread:
//  - every registered process group is killed (a scenario's `exec` and what it started),
//  - every registered folder is removed (the proxies' socket folders),
//  - every file given last words is written with them (a benchmark's JSON, marked
//    interrupted, with the phases it had finished).
// A process killed outright (SIGKILL, SIGPIPE) cannot do this; its folders are named after
// its pid and the next start removes them (ProcessFolder::removeLeftovers).
//
// Thread-safe: the owners register from their own threads; run() takes what is registered.
class HardStop
{
public:
    static void addProcessGroup(pid_t group);
    static void removeProcessGroup(pid_t group);
    static void addFolder(const QString& path);
    static void removeFolder(const QString& path);
    // `bytes` is what `path` must hold should the app be ended at once from now on (replacing
    // what was set for it before); forgetLastWords() once the file is written as it should be.
    static void setLastWords(const QString& path, const QByteArray& bytes);
    static void forgetLastWords(const QString& path);

    // Does all of the above. Gives up on the registry (does nothing) should another thread
    // hold it for more than a moment: the end must come whatever state the app is in.
    static void run();
};
