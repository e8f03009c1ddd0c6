// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"
#include "model/historyevent.h"
#include "model/violation.h"

#include <QHash>
#include <QList>

// Reads the history, live or afterwards, and judges what happened to the critical sections
// and to the data (design.md "History, checker, verdicts"). It reads fields, never words.
//
// A client is in its critical section from its Ok(Acquire) to its SectionEnd. Two clients
// in their sections on one resource at once is an overlap: mutual exclusion was broken.
// The data is judged by the storage's own answers: a write the storage accepted from a
// client that another had superseded (acquired after it) is a stale write; the stock just
// before each write (read atomically by the storage) tells exactly how many sales a write
// erased (lost updates); more sold than there was is oversold.
//
// No false alarms: a key that expired while nobody relied on it, a pause that ended within
// the validity, a careful client that gave up: none of them is a violation.
class SafetyChecker
{
public:
    // Feeds one event; the violations it opens or closes are appended to `found` as
    // Violation / ViolationEnd events (stamped with the event's time), for the history.
    void feed(const HistoryEvent& event, QList<HistoryEvent>* found = nullptr);

    const CheckCounters& counters() const { return m_total; }
    CheckCounters counters(int client) const { return m_byClient.value(client); }
    const QList<Violation>& violations() const { return m_violations; }
    // How many clients are in their critical sections on `resource` now.
    int inSection(const QByteArray& resource) const;
    // The last `stock N`, -1 before any.

private:
    struct Section
    {
        int client = -1;
        quint64 op = 0;
        qint64 startUs = 0;
        quint16 nodes = 0;
    };

    void onAcquired(const HistoryEvent& e, QList<HistoryEvent>* found);
    void onSectionEnd(const HistoryEvent& e, QList<HistoryEvent>* found);
    void onWriteAccepted(const HistoryEvent& e, QList<HistoryEvent>* found);
    void count(CheckCounters::Name name, int client, qint64 amount = 1);
    void open(Violation v, const HistoryEvent& at, QList<HistoryEvent>* found);
    void close(Violation& v, const HistoryEvent& at, QList<HistoryEvent>* found);

    QHash<QByteArray, QList<Section>> m_open; // resource -> sections going on
    // resource -> the latest acquisition: a writer whose section began before it was superseded
    QHash<QByteArray, Section> m_latest;
    QHash<int, qint64> m_sectionStart; // client -> when its current section began
    QHash<quint64, qint64> m_writeInvokedUs;
    QList<Violation> m_violations;
    CheckCounters m_total;
    QHash<int, CheckCounters> m_byClient;
    qint64 m_initialStock = -1;
    qint64 m_salesAtStockSet = 0;
    qint64 m_oversoldAtStockSet = 0;
};
