// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QIODevice>
#include <QSaveFile>
#include <QString>

// A file the app writes whole or not at all (an export, a report, a benchmark's JSON): a
// QSaveFile, written unbuffered through a device that keeps writing until all is written or
// the system refuses. On a full disk a buffered QSaveFile took the first 64 KB of a 200 KB
// write, committed the cut file as a success and had "Unknown error" to say; and a plain
// unbuffered write that fills the disk part way returns the short count with no reason at
// all. Here the next write is tried, the system's refusal ("No space left on device") is
// what the error says, and nothing replaces the old file.
class OutputFile
{
public:
    explicit OutputFile(const QString& path);
    ~OutputFile();

    // Opens the temporary file beside `path`. False, with *error naming the path, when the
    // path is not a regular file or cannot be written.
    bool open(QString* error);
    // What to write into (exporters take a device): a write is whole, or fails with why.
    QIODevice* device() { return &m_device; }
    // Makes the written file the one at the path; false (and *error: the failed write's
    // reason, or `why` when the writer had its own) when anything went wrong.
    bool commit(bool written, const QString& why, QString* error);

    // All of `bytes` at `path`, or nothing there changed and *error says why.
    static bool save(const QString& path, const QByteArray& bytes, QString* error);

private:
    // Passes every write on to the file until it is all written, or the system says why not.
    class WholeWrites : public QIODevice
    {
    public:
        explicit WholeWrites(QSaveFile* file) : m_file(file) {}

    protected:
        qint64 readData(char*, qint64) override { return -1; }
        qint64 writeData(const char* data, qint64 length) override;

    private:
        QSaveFile* m_file;
    };

    QString failure(const QString& reason) const;

    QString m_path;
    QSaveFile m_file;
    WholeWrites m_device;
};
