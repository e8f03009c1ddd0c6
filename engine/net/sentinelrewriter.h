// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QString>

// Rewrites the addresses in what a Sentinel answers, so that a Sentinel-aware client that
// reached it through an exposed port (SentinelGate) is sent to the exposed ports of the nodes
// and the other Sentinels, not to their own: else it would bypass the proxies, and the app
// would neither see nor fault it. Sentinel knows each node by its proxy's replication-link
// listener (docs/failover.md); both that port and the node's own map to the
// node's exposed port.
//
// It follows the RESP stream (RESP2 and RESP3 types), whole replies at a time, and rewrites:
// an `ip`/`port` (or `master-host`/`master-port`) pair in a field list (SENTINEL masters,
// master, replicas, sentinels); a host followed by a port (get-master-addr-by-name); and in
// any string "host:port" or "host port" words (the `name` field, +switch-master and the other
// pub/sub events). Everything else passes byte for byte.
class SentinelRewriter
{
public:
    // `internalHost`: where the nodes and Sentinels listen (127.0.0.1); `exposedHost`: the
    // host the exposed ports were opened on; `ports`: internal port -> exposed port.
    SentinelRewriter(const QString& internalHost, const QString& exposedHost,
                     const QHash<quint16, quint16>& ports);

    // Bytes from the Sentinel; returns what to send the client (whole replies; a partial one
    // waits for its end). A stream that is not RESP passes unchanged from then on.
    QByteArray feed(QByteArrayView bytes);

private:
    enum class Parse
    {
        Done,
        Incomplete,
        Invalid
    };
    Parse value(qsizetype* pos, QByteArray* out, QByteArray* text);
    Parse line(qsizetype* pos, QByteArrayView* content) const;
    Parse aggregate(char type, qint64 count, qsizetype* pos, QByteArray* out);
    QByteArray rewriteText(const QByteArray& text) const;
    bool mapped(const QByteArray& port, QByteArray* exposed) const;

    QByteArray m_internalHost;
    QByteArray m_exposedHost;
    QHash<quint16, quint16> m_ports;
    QByteArray m_buffer;
    bool m_raw = false; // not RESP: passed unchanged
};
