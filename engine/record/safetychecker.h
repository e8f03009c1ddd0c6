// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"
#include "model/checkermoments.h"
#include "model/historyevent.h"
#include "model/violation.h"
#include "record/roundjudge.h"
#include "record/sectionjudge.h"
#include "record/stockjudge.h"

#include <QHash>
#include <QList>
#include <QSet>

// Reads the history, live or afterwards, and judges what happened to the critical sections
// and to the data (docs/domain.md, "The checker's counters": each counter's definition, kept
// in step with this class). It reads fields, never words.
//
// A client is in its critical section from its Ok(Acquire) to its SectionEnd; a client
// paused inside it is still inside until it resumes and leaves (SectionJudge). Two clients in
// their sections on one resource at once is an overlap: mutual exclusion was broken, whether
// or not the data was damaged. The data is judged by the storage's own answers (StockJudge).
// A failed round is judged once it is complete, from all its answers (RoundJudge): the judgement
// is a RoundJudged event of its own; the Attempt keeps what the client said.
//
// A second judge, written from the same documentation and sharing no code with this one
// (tests/judge/refjudge.py), must reach the same counters on every run (docs/domain.md, "Two
// judges").
//
// No false alarms: a key that expired while nobody relied on it, a pause that ended within
// the validity, a careful client that gave up when its validity ended: none of them is a
// violation.
class SafetyChecker
{
public:
    // The fleet's size: a majority of it is the lock's quorum (split votes are judged by it).
    explicit SafetyChecker(int nodeCount = 5) : m_rounds(nodeCount) {}

    // Feeds one event; the violations it opens or closes are appended to `found` as
    // Violation / ViolationEnd events (stamped with the event's time) and the rounds it
    // completes as RoundJudged events, for the history. A refused write's fail reason becomes
    // the judged one. The judges' own findings (Violation, ViolationEnd, RoundJudged) are
    // passed over: they are found again.
    void feed(HistoryEvent& event, QList<HistoryEvent>* found = nullptr);
    // The end of the run: the rounds still waiting are judged, the sections still open past
    // their validity count as lost (at the last event's time).
    void finish(QList<HistoryEvent>* found = nullptr);

    const CheckCounters& counters() const { return m_total; }
    CheckCounters counters(int client) const { return m_byClient.value(client); }
    // A client's counters by its name (every client that ever had it, removed ones included);
    // nullopt when no client of the run had that name.
    std::optional<CheckCounters> counters(const QString& name) const;
    const QList<Violation>& violations() const { return m_violations; }
    // The newest split round, rejected stale write and wrong release, as judged.
    const CheckerMoments& moments() const { return m_moments; }
    // The sales since the last `stock N` (all of them before the first): with the drop of the
    // stock since then, the lost updates a class can check on the storage card.
    qint64 salesSinceStock() const { return m_total.sales - m_stock.salesAtStock(); }
    // How many clients are in their critical sections on `resource` now.
    int inSection(const QByteArray& resource) const;

private:
    // Holds that ended longer ago than this are forgotten (unless a round still to be judged
    // began before): a round completes within its per-node timeouts of its start.
    static constexpr qint64 HoldKeptUs = 60'000'000;

    void onAcquired(const HistoryEvent& e, QList<HistoryEvent>* found);
    void onJudged(const RoundJudge::Judgement& j, QList<HistoryEvent>* found);
    void onSectionEnd(const HistoryEvent& e, QList<HistoryEvent>* found);
    void onWriteAccepted(const HistoryEvent& e, QList<HistoryEvent>* found);
    void onWriteRefused(HistoryEvent& e, QList<HistoryEvent>* found);
    void onWrongRelease(const HistoryEvent& e);
    StockJudge::Supersede supersederOf(const HistoryEvent& write) const;
    void count(CheckCounters::Name name, int client, qint64 amount = 1);
    void report(const Violation& v, const HistoryEvent& at, QList<HistoryEvent>* found);
    void open(Violation v, const HistoryEvent& at, QList<HistoryEvent>* found);
    void close(Violation& v, const HistoryEvent& at, QList<HistoryEvent>* found);

    QHash<quint64, qint64> m_writeInvokedUs;
    QSet<int> m_foreign;                // clients known by their leases (ForeignClients)
    QHash<int, QByteArray> m_resources; // client -> its resource (for its rounds' events)
    QMultiHash<QString, int> m_names;   // a client's name -> its ids (removed ones included)
    qint64 m_lastUs = 0;
    SectionJudge m_sections;
    RoundJudge m_rounds;
    StockJudge m_stock;
    QList<Violation> m_violations;
    CheckerMoments m_moments;
    CheckCounters m_total;
    QHash<int, CheckCounters> m_byClient;
};
