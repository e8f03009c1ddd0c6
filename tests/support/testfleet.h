// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/localfleet.h"
#include "fleet/redisserverprocess.h"
#include "model/nodeaddress.h"
#include "net/redisreply.h"

#include <QByteArrayList>
#include <QList>
#include <QString>
#include <memory>

// RAII fixture for integration tests: N real redis-server processes on free loopback ports.
//
//     TestFleet fleet(5);
//     QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
//     QCOMPARE(fleet.command(0, {"SET", "k", "v"}).text, QByteArray("OK"));
//
// The constructor starts the nodes and waits until each answers PING. The destructor kills
// and reaps every node by pid, also when the test failed half-way (a QVERIFY returns early,
// the fixture still goes out of scope). If the test process itself is killed, the kernel
// kills the nodes (PR_SET_PDEATHSIG, see RedisServerProcess).
//
// command() / redisCommand() use the BLOCKING hiredis API, in the calling thread: for set-up
// and inspection (SET by hand, PTTL, DEBUG), never for what the engine is being tested on.
class TestFleet
{
public:
    explicit TestFleet(int count, const RedisServerProcess::Options& options = {},
                       int timeoutMs = 10000);
    ~TestFleet();
    TestFleet(const TestFleet&) = delete;
    TestFleet& operator=(const TestFleet&) = delete;

    bool ok() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }

    int count() const { return m_fleet->count(); }
    LocalFleet* fleet() const { return m_fleet.get(); }
    RedisServerProcess* node(int index) const { return m_fleet->node(index); }
    NodeAddress address(int index) const { return m_fleet->addresses().at(index); }
    QList<NodeAddress> addresses() const { return m_fleet->addresses(); }

    // One command on node `index` (AUTH first if the fleet has a password). When no answer
    // arrives (refused, timed out, I/O error) the reply is an error that isClientError()
    // recognises, e.g. "CLIENT-ERROR timeout: Resource temporarily unavailable".
    RedisReply command(int index, const QByteArrayList& args, int timeoutMs = 1000) const;
    // Polls PING until the node answers PONG.
    bool waitUntilAnswers(int index, int timeoutMs = 5000) const;

    static RedisReply redisCommand(const NodeAddress& address, const QByteArrayList& args,
                                   int timeoutMs = 1000);
    // True for the replies command() makes up when the node did not answer at all.
    static bool isClientError(const RedisReply& reply);
    static bool isTimeout(const RedisReply& reply);

private:
    std::unique_ptr<LocalFleet> m_fleet;
    QString m_error;
};
