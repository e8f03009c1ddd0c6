// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/runwriter.h"

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
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = tr("cannot record the run to %1: %2").arg(m_path, m_file.errorString());
        return false;
    }
    const QByteArray header = m_header.toJsonLine() + '\n';
    if (m_file.write(header) != header.size() || !m_file.flush()) {
        *error = tr("cannot record the run to %1: %2").arg(m_path, m_file.errorString());
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
    if (m_file.write(*buffer) == buffer->size() && m_file.flush())
        return true;
    fail(tr("the run is no longer recorded to %1: %2").arg(m_path, m_file.errorString()));
    return false;
}

void RunWriter::fail(const QString& error)
{
    m_broken = true;
    m_room.notify_all();
    emit failed(error);
}
