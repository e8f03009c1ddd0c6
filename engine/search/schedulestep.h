// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

// One action of a schedule, at a moment from the schedule's start: a client joins, or a
// fault begins (and, for a fault with a length, ends by itself or by the line that ends it).
// It is written as lines of the command language (startLines at atMs, endLines at endMs).
struct ScheduleStep
{
    Q_GADGET

public:
    enum class Kind
    {
        AddClient,
        Kill,        // node restart N delayed LENGTH: killed now, respawned LENGTH later
        Restart,     // node restart N: respawned at once
        Pause,       // node pause N LENGTH
        Partition,   // node partition N [CLIENT ...] ... node heal N
        Latency,     // node latency N AMOUNT ... node heal N
        Drop,        // node drop N AMOUNT ... node heal N
        Clock,       // node clock N +AMOUNT (a jump: nothing to end)
        ClientPause, // client pause C LENGTH [MOMENT]
        ClientCrash, // client crash C [MOMENT] ... client restart C (when it comes back)
    };
    Q_ENUM(Kind) // "kill", "client-pause": the names of SearchOptions::FaultKind

    Kind kind = Kind::AddClient;
    int atMs = 0;
    int lengthMs = 0;      // how long the fault lasts (0: a moment)
    int node = 0;          // 1-based, for node faults
    QString client;        // the client added or faulted
    QStringList settings;  // AddClient: its own key=value settings over the defaults
    QStringList cut;       // Partition: the clients cut off (empty: every client)
    int amount = 0;        // Latency: ms; Drop: percent; Clock: ms the clock jumps
    QString moment;        // ClientPause / ClientCrash: armed for this moment ("" now)
    bool comesBack = true; // ClientCrash: restarted at endMs (never when armed)

    bool isNodeFault() const;
    bool isClientFault() const { return kind == Kind::ClientPause || kind == Kind::ClientCrash; }
    bool isFault() const { return kind != Kind::AddClient; }
    // The fault's kind as --faults names it ("client-pause").
    QString faultName() const;
    // The lines at atMs, and the lines at endMs() that end the fault (none for a moment).
    QStringList startLines() const;
    QStringList endLines() const;
    int endMs() const { return atMs + lengthMs; }
    // How long the target is taken by this step, for the bound on faults at once: a
    // respawned node is faulty until it has come back (settleMs after its respawn), an armed
    // fault or a crash for good until the schedule ends.
    int busyUntilMs(int scheduleEndMs, int settleMs) const;

    friend bool operator==(const ScheduleStep&, const ScheduleStep&) = default;
};
