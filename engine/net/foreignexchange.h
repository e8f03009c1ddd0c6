// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/redisreply.h"

#include <QByteArrayList>
#include <QMetaType>
#include <QString>

// Who a foreign client is (a real lock client that reaches a node through an exposed port):
// the name it gave (CLIENT SETNAME), else its process (a loopback peer), else its address.
// One identity may hold connections to several nodes (a Redlock client's one per node).
struct ForeignIdentity
{
    QString key;   // "name:orders", "pid:4121", "addr:10.0.0.7"
    QString label; // "orders", "node (pid 4121)", "10.0.0.7"
    // A named identity's process or address ("pid:4121"), which its connections had before
    // they named themselves: the nodes it dialled tell how many nodes the client locks on,
    // also before every named connection is ready.
    QString origin;

    bool isNull() const { return key.isEmpty(); }
};

// One command of a foreign client's and the node's answer to it, as the proxy saw them go
// by (docs/proxy.md, "Foreign clients").
struct ForeignExchange
{
    ForeignIdentity who;
    quint64 connection = 0; // the proxy's serial of the connection it came through
    QByteArrayList command;
    RedisReply reply;
    qint64 sentUs = 0;    // when the command's last byte reached the proxy
    qint64 repliedUs = 0; // when the answer's last byte did
};

// Commands of a foreign client as they went to the node, before any answer: those that may
// end its hold (a release), so that a lease ends when its release is sent, before the node
// can grant the key to anyone else (docs/proxy.md, "Foreign clients").
struct ForeignRequests
{
    ForeignIdentity who;
    quint64 connection = 0;
    QList<QByteArrayList> commands;
    qint64 sentUs = 0;
};

Q_DECLARE_METATYPE(ForeignIdentity)
Q_DECLARE_METATYPE(ForeignRequests)
Q_DECLARE_METATYPE(ForeignExchange)
