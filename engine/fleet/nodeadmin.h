// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/commandanswer.h"

#include <QByteArrayList>
#include <QObject>
#include <functional>

class RedisConnection;

// Commands for Redis itself on one node (CONFIG SET, SHUTDOWN, CLIENT PAUSE, the clock
// script), on the node monitor's own connection: it is up whenever the node can be reached,
// and it does not go through the clients' proxy. Redis's refusal is the answer, in its words.
class NodeAdmin : public QObject
{
    Q_OBJECT

public:
    NodeAdmin(int index, RedisConnection* connection, QObject* parent = nullptr);

    // Sends `command`; `what` names it in answers ("persistence"). `onSuccess` runs before
    // `done` when Redis accepted. A connection still being set up is waited for (at most the
    // admin timeout), so a command right after a (re)start is not refused for nothing.
    void send(const QByteArrayList& command, const QString& what, const AnswerCallback& done,
              std::function<void()> onSuccess = {});

private:
    void sendNow(const QByteArrayList& command, const QString& what, const AnswerCallback& done,
                 const std::function<void()>& onSuccess);

    int m_index;
    RedisConnection* m_connection;
};
