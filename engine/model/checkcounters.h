// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>

// What the safety checker counts, for the whole run and per client. The names are the ones
// scenario files use in `expect NAME OP NUMBER`; each one's definition is in
// docs/domain.md, "The checker's counters".
struct CheckCounters
{
    Q_GADGET
    Q_DECLARE_TR_FUNCTIONS(CheckCounters)

public:
    enum class Name
    {
        Overlaps,
        LockLost,
        StaleWrites,
        StaleWritesRejected,
        ValidWritesRejected,
        LostUpdates,
        ResetsOverwritten,
        Oversold,
        SplitVotes,
        Acquisitions,
        Failures,
        Sales,
        Conflicts,     // WATCH: writes EXEC refused (the optimistic lock's retries)
        WrongReleases, // a release that deleted another client's lock
        Reentries,     // a reentrant lock taken again by its holder
    };
    Q_ENUM(Name)

    qint64 overlaps = 0;
    qint64 lockLost = 0;
    qint64 staleWrites = 0;
    qint64 staleWritesRejected = 0;
    qint64 lostUpdates = 0;
    qint64 oversold = 0;
    qint64 splitVotes = 0;
    qint64 acquisitions = 0;
    qint64 failures = 0;
    qint64 sales = 0;
    qint64 conflicts = 0;
    qint64 wrongReleases = 0;
    qint64 reentries = 0;
    qint64 validWritesRejected = 0;
    qint64 resetsOverwritten = 0;

    qint64 value(Name name) const;
    qint64& ref(Name name);
    // "overlaps", "lock_lost", ...: the scenario language's names (snake case).
    static QString nameOf(Name name);
    static std::optional<Name> parse(const QString& text);
    static QStringList names();
    // What the counter counts, in one sentence: the one definition the user guide's table, the
    // window's tooltips and `help expect` all show (docs/domain.md, "The checker's counters").
    static QString definition(Name name);
    static QList<Name> all();
    // The counters of a broken guarantee: mutual exclusion, the data, a lock deleted by the wrong
    // client, a valid sale refused. A scenario in which one of them is not 0 fails unless an
    // `expect` names it (docs/domain.md, "Scenarios").
    static QList<Name> violations();
    // Every counter of `other` added (one client's counts over several ids).
    CheckCounters& operator+=(const CheckCounters& other);

    // No two clients were ever in their critical sections on one resource at once.
    bool exclusive() const { return overlaps == 0; }
    // The storage shows no damage: no stale write accepted, no sale lost, nothing oversold.
    bool dataSafe() const
    {
        return staleWrites == 0 && lostUpdates == 0 && oversold == 0 && resetsOverwritten == 0;
    }
    // Safe = no overlap and no damaged data (docs/domain.md, "The checker's counters").
    bool safe() const { return exclusive() && dataSafe(); }

    friend bool operator==(const CheckCounters&, const CheckCounters&) = default;
};
