// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <vector>

struct redisContext;

// A Redlock client no one in the app wrote, as a user would write one from the algorithm's
// page with hiredis alone (issue 24): one connection per node, SET key token NX PX ttl on
// each, the lock is held when a majority granted it within the validity time, released
// with the compare-and-delete script on every node. It knows nothing of the app: the test
// points it at the exposed ports and counts its own acquisitions, which the app's history
// must match. Blocking calls with a short timeout; a connection that timed out is opened
// again before the next command (hiredis cannot use it afterwards).
class HiredisRedlock
{
public:
    HiredisRedlock(const QList<quint16>& ports, const QByteArray& name, int timeoutMs = 300);
    ~HiredisRedlock();
    HiredisRedlock(const HiredisRedlock&) = delete;
    HiredisRedlock& operator=(const HiredisRedlock&) = delete;

    // True when a majority granted `token` within `ttlMs` (minus the time it took).
    bool lock(const QByteArray& key, const QByteArray& token, int ttlMs);
    void unlock(const QByteArray& key, const QByteArray& token);
    // The nodes that granted the last lock() (bit i: node i+1).
    quint32 lastGranted() const { return m_lastGranted; }

private:
    redisContext* context(int node);
    bool command(int node, const QList<QByteArray>& args, QByteArray* status);

    QList<quint16> m_ports;
    QByteArray m_name;
    int m_timeoutMs;
    std::vector<redisContext*> m_contexts;
    quint32 m_lastGranted = 0;
};
