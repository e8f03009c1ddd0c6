// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

// Files the app reads as input (a config, a scenario, a run) and paths it writes to (a run
// being recorded, an export, a report). Only regular files: a FIFO blocks its reader until a
// writer comes (and its writer until a reader comes), /dev/zero and /dev/urandom never end,
// and a folder is no file at all. So these are refused in words before anything is read or
// written, and what is read is read with a cap.
class RegularFile
{
public:
    // The kind of file at `path` when it exists and is not a regular file ("a FIFO (named
    // pipe)", "a character device", "a folder", ...); empty for a regular file or no file.
    // Symbolic links are followed: a link to a regular file is one.
    static QString irregularKind(const QString& path);

    // The whole file, when it is a regular file of at most `maxBytes`; otherwise nothing, and
    // *error says why, naming the file ("fleet.json is a character device, not a regular
    // file", "x.rls is 52.4 MB; a scenario may be at most 1 MB"). `what` names the kind of
    // file in that message ("a config file"). Opening never blocks (a FIFO is opened
    // non-blocking, then refused).
    static std::optional<QByteArray> read(const QString& path, qint64 maxBytes, const QString& what,
                                          QString* error);

    // The refusal of a path that exists and is not a regular file, for output paths too:
    // "PATH is a FIFO (named pipe), not a regular file". Empty when it is one or is absent.
    static QString refuseIrregular(const QString& path);

    // "1 MB", "52.4 MB", "812 bytes".
    static QString size(qint64 bytes);
};
