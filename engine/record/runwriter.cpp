// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/runwriter.h"

#include "base/regularfile.h"

#include <algorithm>
#include <pthread.h>

RunWriter::RunWriter(const QString& path, const RunHeader& header, QObject* parent)
    : QObject(parent), m_path(path), m_header(header), m_codec(header.resource), m_file(path)
{
    m_pending.reserve(BatchSize);
}

RunWriter::~RunWriter()
{
    finish();
}

bool RunWriter::open(QString* error)
{
    // Unbuffered: each batch is one write(2), and a failing one says why (a buffered QFile
    // on a full disk took part of a batch and had only "Unknown error" to tell).
    // A FIFO would block this open until some reader came; a device is no run file.
    if (const QString irregular = RegularFile::refuseIrregular(m_path); !irregular.isEmpty()) {
        *error = tr("cannot record the run: %1").arg(irregular);
        return false;
    }
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Unbuffered)) {
        *error = tr("cannot record the run to %1: %2").arg(m_path, m_file.errorString());
        return false;
    }
    const QByteArray header = m_header.toJsonLine() + '\n';
    if (!writeAll(header)) {
        *error = tr("cannot record the run to %1: %2").arg(m_path, m_file.errorString());
        m_file.resize(0); // no half header: an empty file says plainly that nothing was kept
        m_file.close();
        return false;
    }
    m_thread = std::thread([this] { run(); });
    return true;
}

void RunWriter::take(const HistoryEvent& event)
{
    if (m_broken.load(std::memory_order_relaxed))
        return;
    std::unique_lock lock(m_mutex);
    if (!m_thread.joinable() || m_stopping)
        return; // not open, or finished: nothing goes to a closed file
    m_room.wait(lock, [this] { return m_pending.size() < MaxPending || m_broken; });
    m_pending.push_back(event);
    // Woken per batch, not per event: a notify is a system call when the writer sleeps.
    if (m_pending.size() == BatchSize)
        m_wake.notify_one();
}

void RunWriter::finish()
{
    {
        std::lock_guard lock(m_mutex);
        if (!m_thread.joinable())
            return;
        m_stopping = true;
    }
    m_wake.notify_one();
    m_thread.join();
    m_file.close();
}

void RunWriter::run()
{
    pthread_setname_np(pthread_self(), "runwriter"); // for top and the benchmark
    std::vector<HistoryEvent> batch;
    batch.reserve(BatchSize);
    QByteArray buffer;
    bool last = false;
    while (!last) {
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait_for(lock, std::chrono::milliseconds(FlushMs),
                            [this] { return m_stopping || m_pending.size() >= BatchSize; });
            last = m_stopping;
            batch.swap(m_pending);
        }
        m_room.notify_all();
        if (!batch.empty() && !m_broken && write(batch, &buffer))
            m_written += batch.size();
        batch.clear();
    }
}

bool RunWriter::write(const std::vector<HistoryEvent>& batch, QByteArray* buffer)
{
    buffer->clear();
    for (const HistoryEvent& event : batch)
        m_codec.encode(event, buffer);
    const qint64 start = m_file.pos();
    if (writeAll(*buffer))
        return true;
    const QString reason = m_file.errorString();
    keepWholeLines(start, *buffer);
    fail(tr("the run is no longer recorded to %1: %2 (the file keeps the events written "
            "before, each line whole)")
             .arg(m_path, reason));
    return false;
}

// Every byte, or false with the system's reason in errorString(): a write that fills the disk
// part way returns a short count and no reason; the next one gets the refusal.
bool RunWriter::writeAll(const QByteArray& bytes)
{
    qint64 done = 0;
    while (done < bytes.size()) {
        const qint64 written = m_file.write(bytes.constData() + done, bytes.size() - done);
        if (written <= 0)
            return false;
        done += written;
    }
    return true;
}

// A write that failed part way left part of a line: the file ends at its last whole line.
void RunWriter::keepWholeLines(qint64 start, const QByteArray& buffer)
{
    const qint64 written = std::clamp<qint64>(m_file.size() - start, 0, buffer.size());
    const qsizetype lastNewline =
        written > 0 ? buffer.first(qsizetype(written)).lastIndexOf('\n') : -1;
    m_file.resize(start + lastNewline + 1);
}

void RunWriter::fail(const QString& error)
{
    {
        std::lock_guard lock(m_mutex);
        m_error = error;
    }
    m_broken = true;
    m_room.notify_all();
    emit failed(error);
}

QString RunWriter::error() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}
