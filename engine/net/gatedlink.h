// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/redisreply.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <deque>
#include <memory>
#include <vector>

class FaultGate;
class QTimer;

// One command as it goes to the node: the id its reply will answer, and its bytes.
struct GatedCommand
{
    quint64 id = 0;
    QByteArray bytes;
};

// One connection's way through its node's FaultGate, for as long as the connection to the
// node lasts (a reconnect gets a new one, as a new connection through the proxy did). The
// connection hands it each chunk of commands it writes and each reply it reads; the link
// passes them on, late, held or not at all, as the node's faults say (docs/proxy.md):
// - partition: a request is lost before the node, a reply after it (also those still
//   waiting out a latency: they were in flight);
// - latency: each chunk reaches the node `latency + uniform(0..jitter)` (plus the client's
//   own delay) later, never overtaking an earlier one; replies are not delayed;
// - drop: each command is lost whole with the drop rate's chance;
// - hold (a client's stop-the-world pause): both ways wait here, then go on in order.
// A lost command is never handed to toNode(): the node does not see it, so no reply will
// answer it, and the connection's deadline is what the client learns of it.
class GatedLink : public QObject
{
    Q_OBJECT

public:
    // Where the link hands things on: the connection it belongs to.
    class Ends
    {
    public:
        virtual void toNode(const std::vector<GatedCommand>& commands) = 0;
        // May delete the connection, and this link with it.
        virtual void toClient(quint64 id, const RedisReply& reply) = 0;

    protected:
        ~Ends() = default;
    };

    GatedLink(FaultGate* gate, int clientId, Ends* ends);
    ~GatedLink() override;

    // Whether the node is cut off from this client now (a new connection then reaches
    // nothing: its requests are lost).
    bool isCut() const;
    void send(std::vector<GatedCommand> chunk);
    void receive(quint64 id, const RedisReply& reply);
    // The gate's hold on this client ended: what waited goes on, in order.
    void resume();

private:
    struct Chunk
    {
        qint64 sendAtUs = 0;
        std::vector<GatedCommand> commands;
    };
    struct Reply
    {
        quint64 id = 0;
        RedisReply reply;
    };

    bool isHeld() const;
    void dispatchUp();
    void dispatchDown();
    void armTimer(qint64 inUs);

    QPointer<FaultGate> m_gate;
    int m_clientId;
    Ends* m_ends;
    std::deque<Chunk> m_up;
    qint64 m_lastUpUs = 0;
    std::deque<Reply> m_down; // held replies
    std::unique_ptr<QTimer> m_timer;
};
