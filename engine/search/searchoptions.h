// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/redisserverprocess.h"
#include "model/engineconfig.h"
#include "model/strategy.h"

#include <QCoreApplication>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>

// What a counterexample search looks for and how (docs/guide.md, "Searching for a counterexample"):
// the rung and the settings pinned by the user, the fault kinds the schedules may draw, the
// bound on nodes faulty at once, how long to search, and the property that must hold (the
// checker's safety verdict, or the lines of an expectation file).
struct SearchOptions
{
    Q_GADGET
    Q_DECLARE_TR_FUNCTIONS(SearchOptions)

public:
    // The faults a schedule may hold, by their names on the command line ("client-pause").
    enum class FaultKind
    {
        Kill,        // node killed, respawned after a while (node restart N delayed MS)
        Restart,     // node respawned at once (node restart N): without persistence, empty
        Pause,       // node frozen (SIGSTOP) for a while
        Partition,   // node cut off from every client or from some, then healed
        Latency,     // node's requests delayed, then healed
        Drop,        // node's requests dropped in part, then healed
        Clock,       // node's clock jumps forward: its keys expire early
        ClientPause, // a client's stop-the-world pause, now or at a moment
        ClientCrash, // a client vanishes without releasing, now or at a moment
    };
    Q_ENUM(FaultKind)
    using Persistence = RedisServerProcess::Persistence;

    Strategy::Kind strategy = Strategy::Kind::Redlock;
    QStringList pinned;      // --set key=value: over the settings a schedule draws
    QList<FaultKind> faults; // what a schedule may draw from; empty: no faults
    Persistence persistence = Persistence::None;
    int clients = 2;
    EngineConfig::Topology topology = EngineConfig::Topology::Independent;
    int localNodes = 5;
    int maxFaulty = -1; // nodes faulty at once; -1: a minority of them
    double budgetS = 0; // stop after this long, or ...
    int trials = 0;     // ... after this many schedules (0 and 0: DefaultBudgetS)
    quint64 seed = 1;
    int jobs = 1;
    // The property: empty, the checker's safety verdict; otherwise scenario lines added after
    // every schedule (`expect` lines, or a `wait` that must come true), from propertyOrigin.
    QString property;
    QString propertyOrigin;
    double shrinkBudgetS = 120; // shrinking stops here with the smallest so far
    int replays = 4;            // a schedule counts when it fails in `needed` of `replays` runs
    int needed = 3;
    bool stopAtFirst = true; // the window goes on after a finding; the command line stops
    QString outDir;      // where each counterexample is saved (.rls, and its run .jsonl); "": not
    QString redisServer; // binaries, as for the engine (empty: from PATH)
    QString redisSentinel;

    static constexpr double DefaultBudgetS = 60;

    // Empty when the options can run; otherwise what is wrong, in words.
    QString validate() const;
    // The bound on nodes faulty at once: maxFaulty, or a minority of the lock's nodes.
    int faultyBound() const;
    int nodeCount() const;
    bool hasProperty() const { return !property.trimmed().isEmpty(); }
    // The engine's configuration for one trial: fresh local nodes, no clients at start.
    EngineConfig trialConfig() const;

    static QString faultName(FaultKind kind);
    static QList<FaultKind> allFaults();
    // "kill,client-pause"; nothing, with *error naming the word, when one is unknown.
    static std::optional<QList<FaultKind>> parseFaults(const QString& text, QString* error);
    static std::optional<Persistence> parsePersistence(const QString& text);
};
