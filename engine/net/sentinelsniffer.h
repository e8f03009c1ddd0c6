// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayList>
#include <QByteArrayView>

// Tells, from the first bytes a connection sends, whether it is one of redis-sentinel's own
// connections or something else (a replica's replication link). A node's replication-link
// listener on its proxy is dialled by both: the replica, and the Sentinels, which must know
// the node by the very address the replica dials or they re-point the replica at the node's
// own port (+fix-slave-config). Only the link may take the listener's network faults.
//
// What each one sends first (redis 7.0, seen on the wire):
// - Sentinel opens each link with "CLIENT SETNAME sentinel-<first 8 hex of its id>-cmd"
//   (or "-pubsub"), preceded by AUTH only when a password is configured (sentinel.c,
//   sentinelSetClientName). Its PING and INFO follow in the same write.
// - A replica's handshake starts with PING, then AUTH, REPLCONF, PSYNC (replication.c).
// So the first command decides, and a first AUTH defers the decision to the next command.
// Anything else, a stream that is not RESP, or kMaxBytes without a verdict is Other: when in
// doubt a connection is the listener's own client and takes its faults.
class SentinelSniffer
{
public:
    enum class Verdict
    {
        Undecided, // no whole command yet (or only AUTH): hold the bytes, look again
        Sentinel,
        Other
    };

    // `sent`: everything the connection has sent so far, from its first byte.
    static Verdict classify(QByteArrayView sent);
    // "sentinel-<8 hex>-cmd" or "sentinel-<8 hex>-pubsub", as Sentinel names its links.
    static bool isSentinelClientName(QByteArrayView name);

    // A Sentinel's first write is under 200 bytes; a verdict needs no more than this.
    static constexpr qsizetype kMaxBytes = 4096;

private:
    enum class Parse
    {
        Complete,
        Incomplete,
        Invalid
    };
    // The command starting at data[*pos]: its arguments, and *pos moved past it.
    static Parse parseCommand(QByteArrayView data, qsizetype* pos, QByteArrayList* args);
    static Parse parseMultibulk(QByteArrayView data, qsizetype* pos, QByteArrayList* args);
    static Parse parseLine(QByteArrayView data, qsizetype* pos, QByteArrayView* line);
    static bool parseNumber(QByteArrayView text, qint64* value);
};
