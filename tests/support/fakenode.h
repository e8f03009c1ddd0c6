// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/nodechannel.h"

#include <QHash>
#include <QObject>

class ManualClock;

// An in-memory stand-in for one Redis node, for deterministic unit tests of the
// algorithm (beside, not instead of, the integration tests on real redis-server).
// It understands the commands Redlock sends: SET k v NX PX ms [GET], the release and
// extend scripts, GET, PTTL and DEL, with expiry on the test's ManualClock.
//
// Each reply is delivered after latencyUs: a real timer orders the deliveries, and the
// manual clock is moved to sentUs + latencyUs at delivery, so elapsed times are exact.
class FakeNode : public QObject, public NodeChannel
{
    Q_OBJECT

public:
    enum class Mode
    {
        Up,     // answers like Redis
        Down,   // refuses at once (not connected)
        Frozen, // accepts and never answers: the request times out at its deadline
        Failing // answers every command with a Redis error
    };

    explicit FakeNode(ManualClock& clock, QObject* parent = nullptr);

    void send(const QByteArrayList& args, int timeoutMs, Callback callback) override;
    bool isReady() const override { return m_mode == Mode::Up || m_mode == Mode::Failing; }
    bool supportsSetNxGet() const override { return m_setNxGet; }

    void setMode(Mode mode) { m_mode = mode; }
    void setLatencyUs(qint64 us) { m_latencyUs = us; }
    void setSupportsSetNxGet(bool on) { m_setNxGet = on; }

    // Direct access for set-up and checks.
    void setKey(const QByteArray& key, const QByteArray& value, qint64 ttlMs);
    QByteArray value(const QByteArray& key) const; // empty when absent or expired
    qint64 pttl(const QByteArray& key) const;
    int commandCount(const QByteArray& name) const { return m_commandCounts.value(name); }
    const QList<QByteArrayList>& received() const { return m_received; }

private:
    struct Entry
    {
        QByteArray value;
        qint64 expiresUs = 0; // 0: never
    };

    RedisReply execute(const QByteArrayList& args);
    RedisReply set(const QByteArrayList& args);
    RedisReply eval(const QByteArrayList& args);
    void expire();

    ManualClock& m_clock;
    Mode m_mode = Mode::Up;
    qint64 m_latencyUs = 1000;
    bool m_setNxGet = true;
    QHash<QByteArray, Entry> m_keys;
    QHash<QByteArray, int> m_commandCounts;
    QList<QByteArrayList> m_received;
};
