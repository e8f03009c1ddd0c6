// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clients/clientjournal.h"
#include "model/clientsnapshot.h"
#include "model/fencingtoken.h"
#include "storage/stockaccess.h"

#include <QCoreApplication>
#include <QTimer>
#include <functional>

// One client's purchase, the naive read-modify-write (docs/domain.md, "The stock"):
// read the stock, work for the work time, write what it read minus one (only when there was
// a stock and some was left). Each storage step is in the history as its invoke and its
// outcome. With WATCH (the optimistic rung) the read watches the stock and the write goes
// through MULTI/EXEC, and a conflict starts the purchase again; with a fencing token the
// storage may refuse the write.
//
// The client owns the decisions around it (Hooks): whether it may still write (a careful
// client's last look at its validity), and the moment right before the write, where an
// armed pause or crash lands. Answers are handed on through `defer` (the client's
// whenRunning): a paused client learns of them, and records them, only when it resumes.
class StockPurchase : public QObject
{
    Q_OBJECT

public:
    using Phase = ClientSnapshot::Phase;
    struct Hooks
    {
        std::function<quint64()> nextOp;
        std::function<void(std::function<void()>)> defer;
        std::function<int()> workTimeMs;
        // Right before the write: false stops the purchase there (the client gave up).
        std::function<bool()> mayWrite;
        // Runs the write now, or later (an armed pause), or never (an armed crash).
        std::function<void(std::function<void()>)> beforeWrite;
    };

    StockPurchase(const ClientJournal& journal, Hooks hooks, QObject* parent = nullptr);

    void setStock(StockAccess* stock) { m_stock = stock; }
    StockAccess* stock() const { return m_stock; }
    QTimer* workTimer() { return &m_workTimer; } // the client's own time: frozen by a pause

    // Reads (when there is a stock), works, writes; `watch`: WATCH / MULTI / EXEC.
    void begin(bool watch, const FencingToken& fence);
    // The section ended meanwhile: what is under way goes on, its answers go nowhere.
    void abandon();
    // The client crashed: what is under way ends as cancelled, `why`, whatever its
    // connection says when it closes.
    void cancel(const QString& why);
    Phase phase() const { return m_phase; }
    qint64 stockRead() const { return m_stockRead; } // -1: not read, or no stock

signals:
    void wrote(const StockAccess::WriteResult& result); // every write's outcome
    void finished();   // sold, or nothing to sell (a conflict starts again instead)
    void readFailed(); // the storage did not answer the read: nothing to work on

private:
    void read();
    void onWorkDone();
    void write();
    void onWritten(const StockAccess::WriteResult& w);
    HistoryEvent outcome(const StockAccess::WriteResult& w, quint64 op, qint64 value) const;
    bool cancelled(quint64 generation, HistoryEvent* e) const;

    const ClientJournal& m_journal;
    Hooks m_hooks;
    StockAccess* m_stock = nullptr;
    QTimer m_workTimer;
    bool m_watch = false;
    FencingToken m_fence;
    Phase m_phase = Phase::None;
    qint64 m_stockRead = -1;
    bool m_stockExists = false;
    quint64 m_generation = 0;       // bumped by abandon(): older answers are recorded, not acted on
    quint64 m_cancelledThrough = 0; // answers of generations up to it: cancelled
    QString m_cancelWhy;
};
