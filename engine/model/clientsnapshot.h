// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsettings.h"
#include "model/fencingtoken.h"
#include "model/historyevent.h"
#include <QObject>

#include <QByteArray>
#include <QMap>
#include <QString>

// One simulated client as the engine last saw it.
struct ClientSnapshot
{
    Q_GADGET

public:
    enum class State
    {
        Idle,
        Acquiring,
        Holding,
        Releasing,
        WaitingRetry,
        Paused,
        Crashed,
        Stopped
    };
    Q_ENUM(State)

    // Where a client is inside its critical section.
    enum class Phase
    {
        None,    // not in its critical section
        Reading, // reading the stock
        Working, // the work under the lock
        Writing  // writing the stock
    };
    Q_ENUM(Phase)

    int id = 0;
    QString name;
    bool foreign = false; // a real lock client under test (ForeignClients), not simulated
    QString label;        // a foreign client's process or name: "node (pid 4121)"
    int colorIndex = 0;
    State state = State::Idle;
    qint64 stateSinceUs = 0;
    QByteArray resource;
    QByteArray token;        // the held (or last tried) token
    FencingToken fence;      // the held lock's fencing token (fencing on)
    quint16 lockNodes = 0;   // the nodes that granted the held lock
    qint64 validUntilUs = 0; // in its critical section: when its validity ends
    // In its critical section: from acquire-ok until it writes, gives up, releases, crashes
    // or is stopped (the checker's definition). A paused or careless client may stay in it
    // past its validity.
    bool inSection = false;
    qint64 sectionSinceUs = 0;
    Phase phase = Phase::None;
    bool lockLost = false; // its validity ended inside this section
    // How its last section ended (Released also before the first one).
    HistoryEvent::SectionEndReason lastSectionEnd = HistoryEvent::SectionEndReason::Released;
    bool pauseArmed = false;                           // a pause or crash waits for its moment
    Strategy::Kind strategy = Strategy::Kind::Redlock; // the lock it uses now
    int strategyQuorum = 0; // how many of its strategy's nodes must agree
    int strategyNodes = 0;  // how many nodes its strategy uses (0: no lock)
    quint64 conflicts = 0;  // WATCH: writes refused by EXEC
    quint64 reentries = 0;
    quint64 wakeUps = 0;     // wait=pubsub: tries an unlock message brought forward
    bool pubsubWait = false; // wait=pubsub: it waits for the release's unlock message
    qint64 stockRead = -1;   // the stock it read in this section, -1: none
    int attempt = 0;         // Acquiring / WaitingRetry: which try
    quint64 attempts = 0;
    quint64 acquisitions = 0;
    quint64 sales = 0; // accepted writes
    quint64 lockLosses = 0;
    quint64 gaveUp = 0;
    quint64 rejectedWrites = 0;
    QMap<QString, quint64> failures; // by reason ("no-quorum", "split-vote", ...)
    double meanAcquireUs = 0;
    double p99AcquireUs = 0;
    ClientSettings settings;
    int extensions = 0;

    static QString stateName(State state);
};
