// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

// The files a run will write (--record, --to, --json, --screenshot), checked before anything
// starts against the files it reads (--config, --scenario, --export, --open, the Redis
// binaries) and against each other:
//
// - never a file the run reads: `--scenario X.rls --record X.rls` would truncate the scenario
//   before it is parsed (the same file by any name: a link, ../, a hard link);
// - only a regular file (or none yet): a FIFO would block the app until a reader came, and a
//   device is no file to write;
// - a folder that exists and can be written;
// - --record replaces an existing file only when it is a run file (or empty), or with
//   --force: `--record notes.txt` must not destroy the notes. An export, a report or a
//   screenshot replaces its file: naming it is asking for that.
class OutputPaths
{
public:
    enum class Replace
    {
        Any,     // the named file is replaced
        RunOnly, // only a run file (or an empty one), unless forced
    };

    void addInput(const QString& flag, const QString& path);
    // Empty when the run may write `path`, given as --`flag`; otherwise why not, in words.
    QString check(const QString& flag, const QString& path, Replace replace = Replace::Any,
                  bool force = false);

private:
    struct Entry
    {
        QString flag;
        QString path;
    };
    static bool sameFile(const QString& a, const QString& b);
    static QString folderProblem(const QString& flag, const QString& path);

    QList<Entry> m_inputs;
    QList<Entry> m_outputs; // checked so far: two outputs must not be one file either
};
