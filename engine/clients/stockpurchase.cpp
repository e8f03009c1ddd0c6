// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/stockpurchase.h"

namespace {
using Kind = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using Reason = HistoryEvent::FailReason;
} // namespace

StockPurchase::StockPurchase(const ClientJournal& journal, Hooks hooks, QObject* parent)
    : QObject(parent), m_journal(journal), m_hooks(std::move(hooks))
{
    m_workTimer.setSingleShot(true);
    connect(&m_workTimer, &QTimer::timeout, this, &StockPurchase::onWorkDone);
}

void StockPurchase::begin(bool watch, const FencingToken& fence)
{
    ++m_generation;
    m_watch = watch;
    m_fence = fence;
    m_stockRead = -1;
    m_stockExists = false;
    if (m_stock) {
        read();
        return;
    }
    m_phase = Phase::Working;
    m_workTimer.start(m_hooks.workTimeMs());
}

void StockPurchase::abandon()
{
    ++m_generation;
    m_workTimer.stop();
    m_phase = Phase::None;
}

void StockPurchase::cancel(const QString& why)
{
    m_cancelledThrough = m_generation;
    m_cancelWhy = why;
    abandon();
}

// An answer to a step the client's crash cut short: recorded as cancelled, not as the
// connection's "closed".
bool StockPurchase::cancelled(quint64 generation, HistoryEvent* e) const
{
    if (generation > m_cancelledThrough || m_cancelWhy.isEmpty())
        return false;
    e->kind = Kind::Fail;
    e->code = quint8(Reason::Cancelled);
    e->text = m_cancelWhy;
    return true;
}

void StockPurchase::read()
{
    m_phase = Phase::Reading;
    // A client connects before it reads, as before it tries the lock: a read sent during the
    // handshake would fail "still connecting" and the story would depend on the machine.
    if (m_stock->connecting()) {
        const quint64 generation = m_generation;
        connect(
            m_stock->connection(), &RedisConnection::stateChanged, this,
            [this, generation] {
                if (m_stock->connecting())
                    return;
                disconnect(m_stock->connection(), &RedisConnection::stateChanged, this, nullptr);
                if (generation == m_generation)
                    read();
            },
            Qt::QueuedConnection);
        return;
    }
    const quint64 op = m_hooks.nextOp();
    const quint64 generation = m_generation;
    m_journal.invoke(Op::Read, op);
    auto answered = [this, op, generation](const StockAccess::ReadResult& r) {
        m_hooks.defer([this, op, generation, r] {
            HistoryEvent e = m_journal.event(r.ok ? Kind::Ok : Kind::Fail, Op::Read, op);
            e.node = HistoryEvent::StorageNode;
            e.latencyUs = r.latencyUs;
            e.number = r.value;
            e.text = r.error;
            if (!r.ok)
                e.code = quint8(Reason::Unreachable);
            cancelled(generation, &e);
            m_journal.record(e);
            if (generation != m_generation)
                return; // gave up or stopped meanwhile
            if (!r.ok) {
                m_phase = Phase::None;
                emit readFailed();
                return;
            }
            m_stockExists = r.exists;
            m_stockRead = m_stockExists ? r.value : -1;
            m_phase = Phase::Working;
            m_workTimer.start(m_hooks.workTimeMs());
        });
    };
    m_watch ? m_stock->watchRead(std::move(answered)) : m_stock->read(std::move(answered));
}

void StockPurchase::onWorkDone()
{
    if (!m_hooks.mayWrite())
        return;
    const quint64 generation = m_generation;
    m_hooks.beforeWrite([this, generation] {
        if (generation == m_generation)
            write();
    });
}

void StockPurchase::write()
{
    // The oversell ladder's code: write only when there was a stock and some was left.
    if (!m_stock || !m_stockExists || m_stockRead <= 0) {
        m_phase = Phase::None;
        emit finished();
        return;
    }
    m_phase = Phase::Writing;
    const quint64 op = m_hooks.nextOp();
    const qint64 value = m_stockRead - 1;
    HistoryEvent invoke = m_journal.event(Kind::Invoke, Op::Write, op);
    invoke.node = HistoryEvent::StorageNode;
    invoke.number = value;
    invoke.fence = m_fence;
    m_journal.record(invoke);
    const quint64 generation = m_generation;
    auto answered = [this, op, value, generation](const StockAccess::WriteResult& w) {
        m_hooks.defer([this, op, value, generation, w] {
            HistoryEvent e = outcome(w, op, value);
            cancelled(generation, &e);
            m_journal.record(e);
            emit wrote(w);
            if (generation == m_generation)
                onWritten(w);
        });
    };
    m_watch ? m_stock->execWrite(value, std::move(answered))
            : m_stock->write(value, m_fence, std::move(answered));
}

void StockPurchase::onWritten(const StockAccess::WriteResult& w)
{
    if (m_watch && w.conflict) {
        read(); // the stock changed since it was watched: the purchase again
        return;
    }
    m_phase = Phase::None;
    emit finished();
}

HistoryEvent StockPurchase::outcome(const StockAccess::WriteResult& w, quint64 op,
                                    qint64 value) const
{
    HistoryEvent e = m_journal.event(w.accepted ? Kind::Ok : Kind::Fail, Op::Write, op);
    e.node = HistoryEvent::StorageNode;
    e.number = value;
    e.previous = w.previous;
    e.fence = m_fence;
    e.latencyUs = w.latencyUs;
    if (w.conflict) {
        e.code = quint8(Reason::Conflict);
        e.text = tr("the stock changed since it was watched: EXEC refused, read again");
    } else if (w.rejected) {
        e.code = quint8(Reason::Rejected);
        e.text = tr("the storage holds fence %1").arg(w.newest.toDisplay());
    } else if (!w.accepted) {
        e.code = quint8(Reason::Unreachable);
        e.text = w.error;
    }
    return e;
}
