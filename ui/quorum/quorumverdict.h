// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkermoments.h"
#include "model/enginesnapshot.h"
#include "quorum/dataincident.h"
#include "widgets/clientlegend.h"

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

class RunData;

// What the quorum view says of each resource, without a pixel of it: the verdict, the headline
// and the line under it, each node's square and each owner's count, from an engine snapshot,
// the checker's moments and the captions shown. QuorumView paints it; tst_quorumverdict judges
// it without a window.
//
// The headline follows what the nodes hold and who is in a critical section: "free", "held
// by C3, 8.2 s left", "C1 believes it holds, but only 2 of 5 nodes agree", "C1 still believes
// it holds: validity expired 3.2 s ago" (paused), "C1 is WORKING WITHOUT THE LOCK"
// (careless), "C2 crashed: its keys stay until their TTL runs out", or the red "MUTUAL
// EXCLUSION BROKEN: C1 and C3 are both in their critical sections". Two moments are held on
// it longer than they last, because a class must see them: the damage a write did to the data
// ("DATA DAMAGED: C1 wrote stock 99 after its lock expired; 6 updates lost", until the next
// critical section begins), and a round the checker judged a split vote ("split vote: nobody
// has 3 of 5", its votes on the squares, for a few seconds).
class QuorumVerdict
{
    // The words keep the view's translation context: the zh_CN and ja catalogues have them
    // there, and the class reads the same headline as before the verdict left the widget.
    Q_DECLARE_TR_FUNCTIONS(QuorumView)

public:
    enum class Verdict
    {
        NoResource,
        Free,           // no key on any node, nobody in a critical section
        NotHeld,        // keys on some nodes, nobody has a majority, nobody inside
        KeysLeft,       // a majority holds the keys of a client that is not inside (any more)
        Held,           // one client inside, its validity running, its keys on a majority
        MinorityHolder, // one client inside, its validity running, but a minority agrees
        SplitVote,      // a round was just judged a split vote: held a few seconds
        Broken,         // two or more clients inside at once
        StaleBelief,    // one client inside, its validity over (paused, or careless)
        Unavailable,    // nobody inside and no key seen, but too few nodes up to take it
        DataDamaged,    // a write damaged the data, and no section began since
        WriteRefused    // the fenced storage just refused a stale write: held a few seconds
    };

    // How long a split round stays on screen, and how long its votes are drawn.
    static constexpr qint64 SplitHoldUs = 3'000'000;
    // How long damage to the data stays at least, though a new section began since.
    static constexpr qint64 IncidentHoldUs = 5'000'000;

    // Owners named under the squares; more are summed up in the last chip.
    static constexpr int MaxTallies = 3;

    enum class Rule
    {
        NoLock,
        SingleNode,
        Majority,
        Master
    };
    struct Square
    {
        QString owner; // "" none, "?" unknown
        QColor color;
        bool foreign = false;
        bool decides = true; // the rule counts this node (false: a single-node rung's others)
    };
    struct Tally
    {
        QString name;
        QColor color;
        int count = 0;
        bool foreign = false;
    };
    struct Block
    {
        ResourceSnapshot resource;
        Verdict verdict = Verdict::Free;
        Verdict base = Verdict::Free; // what the nodes and sections say, moments aside
        QStringList believers;        // names, for the broken headline
        QString staleNote;            // why one of them is wrong: "C1's validity ran out while ..."
        QString holderName;
        QColor holderColor;
        qint64 holderValidUntilUs = 0;
        bool holderPaused = false;
        int holderNodes = 0;  // nodes holding the inside client's token
        int holderQuorum = 0; // how many its strategy needs (0: no lock at all)
        int holderStrategyNodes = 0;
        QString keysOwnerState; // KeysLeft: "crashed", "releasing", "stopped", "foreign"
        bool keysNoTtl = false; // KeysLeft: the key never expires
        QList<QPair<int, int>> ruleSections;   // (quorum, nodes) of each strategy that counts
        QList<QString> ownerNames;             // per holder
        QList<QColor> ownerColors;             // per holder
        int masterIndex = 0;                   // Rule::Master: the node that decides
        QList<Square> keySquares;              // per node: whose key it holds
        QList<Tally> keyTallies;               // per holder, most nodes first
        CheckerMoments::SplitRound split;      // the newest split round
        CheckerMoments::RejectedWrite refused; // the newest stale write refused
        QString refusedWriter;
        QString refusedSuperseder;
        QList<Square> voteSquares; // per node: whom it voted for in it
        QList<Tally> voteTallies;
        QString splitRoundOf; // whose round it was
        DataIncident incident;
        QString incidentHeadline;
        QString incidentEvidence;
        qint64 latestOverlapUs = -1; // when the newest overlap still open began
    };

    // Returns whether the number of resources changed (the view's height follows it).
    bool setSnapshot(const EngineSnapshot& snapshot, const ClientLegend& legend, qint64 nowUs);
    // Where the headline reads why a writer had lost its lock (DataIncident::judgeCause): the
    // run's events as the charts keep them. Without it, the headline names no cause.
    void setHistory(const RunData* history) { m_history = history; }
    // A scenario's caption was shown at `nowUs`: a moment stays while the first caption after
    // it (the one that tells it) is the one shown, however long that is.
    void noteCaption(qint64 nowUs);
    // One display frame: the "s left" of a held lock counts down; a split vote fades. True
    // while something on it moves (or just changed).
    bool advance(qint64 nowUs);

    const QList<Block>& blocks() const { return m_blocks; }
    qint64 nowUs() const { return m_nowUs; }

    // The first resource's headline as it stands now.
    QString headline() const;
    QString subline() const; // the first resource's line under it
    Verdict verdict() const;
    // The first resource's squares, node by node: the owner the node's key (or, during a split
    // vote, its vote) is for, "" for none, "?" for a node that cannot be read.
    QStringList squares() const;
    // The words under the squares: each owner's count, or the node that decides.
    QString squaresNote() const;
    // The title over them: "key on each node", "votes in C3's round".
    QString squaresTitle() const;

    QString headlineOf(const Block& block) const;
    QString sublineOf(const Block& block) const;
    QString noteOf(const Block& block) const;
    QString titleOf(const Block& block) const;
    static const QList<Square>& squaresOf(const Block& block);
    static const QList<Tally>& talliesOf(const Block& block);
    static Rule ruleKind(const Block& b);

private:
    Block makeBlock(const ResourceSnapshot& r, const EngineSnapshot& s,
                    const ClientLegend& legend) const;
    void baseVerdict(Block& b, const QList<ClientSnapshot>& clients,
                     const ClientLegend& legend) const;
    void makeSquares(Block& b, const ClientLegend& legend) const;
    Verdict withMoments(const Block& b, qint64 nowUs) const;
    bool splitShown(const Block& b, qint64 nowUs) const;
    // Whether a moment at `tUs` is still to be shown at `nowUs` (see noteCaption).
    bool held(qint64 tUs, qint64 nowUs) const;
    // Held and StaleBelief differ only by the clock: re-decided every frame.
    static Verdict heldOrStale(const Block& block, qint64 nowUs);
    static bool unavailable(const Block& b);
    static bool singleNodeOwner(const ResourceSnapshot::Holder& holder,
                                const QList<ClientSnapshot>& clients);
    QString ruleOf(const Block& block) const;
    // The cause judged for the incident last seen: judged once, not every frame.
    void judgeCause(DataIncident& incident) const;

    QList<Block> m_blocks;
    const RunData* m_history = nullptr;
    mutable QPair<qint64, int> m_causeOf{-1, -1}; // (write time, writer) of m_cause
    mutable IncidentCause m_cause;
    QList<qint64> m_captionsUs; // when each caption was shown, oldest first
    qint64 m_nowUs = 0;
};
