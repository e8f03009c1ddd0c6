// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "record/historysink.h"
#include "record/runeventcodec.h"
#include "record/runheader.h"

#include <QFile>
#include <QObject>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

// Records a run to disk as it happens: the header line, then one line per event
// (RunEventCodec), in a thread of its own.
//
// The engine thread only hands events over (take(): a copy into a vector under a mutex
// that is almost never contended); the writer thread wakes every FlushMs or when a batch
// is full, swaps the vector out, encodes and writes it, and flushes the file. So the engine
// pays about a copy per event, an app killed mid-run loses at most the last FlushMs, and
// memory stays bounded: the writer is far faster than the engine, and should the disk
// stall, take() waits once MaxPending events are queued rather than drop any. A write that
// fails (disk full) is reported once through failed(), with the system's reason ("No space
// left on device"); the file is cut back to its last whole line, so that what it holds
// reads as a run, and later events are not written.
class RunWriter : public QObject, public HistorySink
{
    Q_OBJECT

public:
    static constexpr int FlushMs = 100;
    static constexpr size_t BatchSize = 4096;
    static constexpr size_t MaxPending = 1'000'000;

    RunWriter(const QString& path, const RunHeader& header, QObject* parent = nullptr);
    ~RunWriter() override;

    // Creates (or truncates) the file, writes the header and starts the writer thread.
    bool open(QString* error);
    void take(const HistoryEvent& event) override;
    // Writes everything taken so far, closes the file and ends the thread. Idempotent.
    void finish();

    QString path() const { return m_path; }
    quint64 writtenCount() const { return m_written; }
    // Why the file stopped short; empty while every event taken is written (or queued).
    QString error() const;

signals:
    // From the writer thread, once.
    void failed(const QString& error);

private:
    void run();
    bool write(const std::vector<HistoryEvent>& batch, QByteArray* buffer);
    void fail(const QString& error);
    bool writeAll(const QByteArray& bytes);
    void keepWholeLines(qint64 start, const QByteArray& buffer);

    QString m_path;
    RunHeader m_header;
    RunEventCodec m_codec;
    QFile m_file;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake; // the writer: a full batch or the end
    std::condition_variable m_room; // the engine: the queue has room again
    std::vector<HistoryEvent> m_pending;
    bool m_stopping = false;
    std::atomic<bool> m_broken{false};
    QString m_error; // under m_mutex
    std::atomic<quint64> m_written{0};
    std::thread m_thread;
};
