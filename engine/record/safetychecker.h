// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"
#include "model/historyevent.h"
#include "model/violation.h"
#include "record/roundjudge.h"
#include "record/stockjudge.h"

#include <QHash>
#include <QList>
#include <QSet>

// Reads the history, live or afterwards, and judges what happened to the critical sections
// and to the data (docs/domain.md, "The checker's counters": each counter's definition, kept
// in step with this class). It reads fields, never words.
//
// A client is in its critical section from its Ok(Acquire) to its SectionEnd; a client
// paused inside it is still inside until it resumes and leaves. Two clients in their
// sections on one resource at once is an overlap: mutual exclusion was broken, whether or
// not the data was damaged. The data is judged by the storage's own answers (StockJudge).
// A failed round is judged from the whole history (RoundJudge): the fail reason a client
// gave from its own answers is replaced by the judged one as the event goes by.
//
// No false alarms: a key that expired while nobody relied on it, a pause that ended within
// the validity, a careful client that gave up when its validity ended: none of them is a
// violation.
class SafetyChecker
{
public:
    // The fleet's size: a majority of it is the lock's quorum (split votes are judged by it).
    explicit SafetyChecker(int nodeCount = 5) : m_nodeCount(nodeCount) {}

    // Feeds one event; the violations it opens or closes are appended to `found` as
    // Violation / ViolationEnd events (stamped with the event's time), for the history.
    // A failed round's or a refused write's fail reason becomes the judged one.
    void feed(HistoryEvent& event, QList<HistoryEvent>* found = nullptr);

    const CheckCounters& counters() const { return m_total; }
    CheckCounters counters(int client) const { return m_byClient.value(client); }
    const QList<Violation>& violations() const { return m_violations; }
    // How many clients are in their critical sections on `resource` now.
    int inSection(const QByteArray& resource) const;

private:
    struct Section
    {
        int client = -1;
        quint64 op = 0;
        qint64 startUs = 0;
        quint16 nodes = 0;
    };

    void onAcquired(const HistoryEvent& e, QList<HistoryEvent>* found);
    void onAttempt(HistoryEvent& e);
    void onSectionEnd(const HistoryEvent& e, QList<HistoryEvent>* found);
    void onWriteAccepted(const HistoryEvent& e, QList<HistoryEvent>* found);
    void onWriteRefused(HistoryEvent& e, QList<HistoryEvent>* found);
    StockJudge::Supersede supersederOf(const HistoryEvent& write) const;
    void count(CheckCounters::Name name, int client, qint64 amount = 1);
    void report(const Violation& v, const HistoryEvent& at, QList<HistoryEvent>* found);
    void open(Violation v, const HistoryEvent& at, QList<HistoryEvent>* found);
    void close(Violation& v, const HistoryEvent& at, QList<HistoryEvent>* found);

    int m_nodeCount;
    QHash<QByteArray, QList<Section>> m_open; // resource -> sections going on
    // resource -> the latest acquisition: a writer whose section began before it was superseded
    QHash<QByteArray, Section> m_latest;
    QHash<int, qint64> m_sectionStart; // client -> when its current section began
    QHash<quint64, qint64> m_writeInvokedUs;
    QSet<int> m_foreign; // clients known by their leases (ForeignClients)
    RoundJudge m_rounds;
    StockJudge m_stock;
    QList<Violation> m_violations;
    CheckCounters m_total;
    QHash<int, CheckCounters> m_byClient;
};
