// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <optional>

// The critical sections and the holds of a run, from its events (docs/domain.md, "The checker's
// counters": "Sections", "Holds", "Superseded"): who is inside on each resource, each section's
// validity end and whether it lasted past it (lock_lost), what the nodes granted each client and
// for how long (the holders a round is judged against), and the latest acquisition on each
// resource (whether a writer was superseded).
class SectionJudge
{
public:
    struct Section
    {
        int client = -1;
        quint64 op = 0;
        qint64 startUs = 0;
        quint16 nodes = 0;        // granted to it
        qint64 validityEndUs = 0; // moved by extensions
        bool lost = false;        // past its validity, counted already
    };
    // What the nodes granted a client, from its `ok acquire` to its validity end or its
    // section's end (not a crash), whichever comes first.
    struct Hold
    {
        int client = -1;
        qint64 startUs = 0;
        qint64 endUs = 0;
        quint16 nodes = 0;
    };

    // An `ok acquire`: its section begins; returns the other clients' sections open on the
    // resource (the overlaps it makes).
    QList<Section> acquired(const HistoryEvent& e);
    // An `ok extend`: the validity end moves.
    void extended(const HistoryEvent& e);
    // A `lock-lost`: true when it makes its section past its validity (once per section).
    bool lockLost(const HistoryEvent& e);
    // A `section-end`: true when the section ended past its validity and was not counted yet.
    // Returns nullopt when the client had no section open there.
    std::optional<bool> ended(const HistoryEvent& e);
    // The end of the run at `lastUs`: the simulated clients' sections still open past their
    // validity (each counted once).
    QList<int> finish(qint64 lastUs, const QSet<int>& foreign);

    const QList<Section>& open(const QByteArray& resource) const;
    // The other clients' holds valid during [fromUs, toUs] (begun by its end, not ended by its
    // start).
    QList<Hold> holdsDuring(qint64 fromUs, qint64 toUs, int except) const;
    // The latest acquisition on the resource by another client than the writer that came after
    // the writer's own latest one: the writer was superseded by it.
    std::optional<Section> supersederOf(const HistoryEvent& write) const;
    // Forgets the holds that ended before `beforeUs` (at most once a second of `nowUs`): no round
    // still to be judged began before it.
    void prune(qint64 nowUs, qint64 beforeUs);

private:
    Section* sectionOf(const HistoryEvent& e);

    QHash<QByteArray, QList<Section>> m_open; // resource -> sections going on
    QHash<QByteArray, Section> m_latest;      // resource -> its latest acquisition
    QHash<int, qint64> m_ownLatestUs;         // client -> when it last acquired
    QList<Hold> m_holds;                      // in the order they began
    qint64 m_prunedUs = 0;
};
