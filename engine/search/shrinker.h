// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/schedule.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>
#include <tuple>

// The simpler schedules to try in place of one that fails (docs/guide.md, "Searching for a
// counterexample"): cut what comes after the failure, drop faults, drop clients, move steps earlier
// and end sooner, shorten faults, drop a client's own settings, round numbers down. Each candidate
// is smaller than the schedule it came from by size(); whether it still fails is the search's to
// find out (ShrinkSession), so shrinking always ends.
class Shrinker
{
    Q_DECLARE_TR_FUNCTIONS(Shrinker)

public:
    // Lexicographic: fewer lines of steps, then fewer clients, fewer settings, less time
    // (every moment, length and amount summed), then rounder numbers (fewer digits that are
    // not 0).
    using Size = std::tuple<int, int, int, qint64, int>;

    struct Limits
    {
        QStringList keepClients; // named by the property: never dropped
        QStringList pinnedKeys;  // settings the user pinned: never rounded
        int minLengthMs = 100;   // a fault shorter than this is no fault
    };

    explicit Shrinker(const Limits& limits);

    // A simpler schedule, and what was done to get it ("without C2", "sooner"). `removal`:
    // it leaves out one fault or one client (with what was done to it) and nothing else; when
    // every removal of a schedule holds, each of its steps is needed (ShrinkSession).
    struct Candidate
    {
        Schedule schedule;
        QString what;
        bool removal = false;
    };

    // Every candidate: steps removed first (one fault at a time, the earliest first; then all
    // of them), then clients, then moves, lengths, settings and numbers. failureMs (when the
    // property broke in the failing runs, -1: unknown) lets the first one cut what came after.
    QList<Candidate> candidates(const Schedule& schedule, qint64 failureMs) const;
    static Size size(const Schedule& schedule);

    // 2340 -> 2000 (one significant digit), 2340 -> 2300 (two): rounded down, never up.
    static int roundDown(int value, int digits);

private:
    void truncated(const Schedule& s, qint64 failureMs, QList<Candidate>* out) const;
    void withoutClients(const Schedule& s, QList<Candidate>* out) const;
    void withoutTail(const Schedule& s, QList<Candidate>* out) const; // ends at its last step
    void withoutSteps(const Schedule& s, QList<Candidate>* out) const;
    void withoutSettings(const Schedule& s, QList<Candidate>* out) const;
    void sooner(const Schedule& s, QList<Candidate>* out) const;
    void shorter(const Schedule& s, QList<Candidate>* out) const;
    void rounder(const Schedule& s, QList<Candidate>* out) const;

    Limits m_limits;
};
