// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/foreignsniffer.h"

#include <QSet>

namespace {
QByteArray verbOf(const QByteArrayList& command)
{
    return command.isEmpty() ? QByteArray() : command.first().toUpper();
}

// A client that pipelines without reading could make us keep a lot: past this, we stop.
constexpr size_t PendingKept = 10000;
} // namespace

bool ForeignSniffer::matters(const QByteArrayList& command)
{
    static const QSet<QByteArray> verbs{"SET",    "SETNX",   "GET",     "GETDEL",  "DEL",
                                        "UNLINK", "EXPIRE",  "PEXPIRE", "EVAL",    "EVALSHA",
                                        "SCRIPT", "PUBLISH", "HINCRBY", "HEXISTS", "EXISTS"};
    return verbs.contains(verbOf(command));
}

void ForeignSniffer::fromClient(const QByteArray& bytes, qint64 nowUs)
{
    if (m_lost)
        return;
    m_commands.feed(bytes);
    while (std::optional<RedisReply> value = m_commands.next()) {
        QByteArrayList command;
        for (const RedisReply& part : value->elements)
            command << part.text;
        const QByteArray verb = verbOf(command);
        if (verb == "SUBSCRIBE" || verb == "PSUBSCRIBE" || verb == "SSUBSCRIBE" ||
            verb == "MONITOR") {
            m_lost = true;
            m_pending.clear();
            return;
        }
        m_pending.push_back({std::move(command), nowUs});
        if (m_pending.size() > PendingKept)
            m_lost = true;
    }
    if (m_commands.isBroken())
        m_lost = true;
}

QList<ForeignSniffer::Exchange> ForeignSniffer::unanswered(const QByteArray& error, qint64 nowUs)
{
    QList<Exchange> exchanges;
    for (Pending& pending : m_pending)
        if (!m_lost && matters(pending.command))
            exchanges.append(
                {std::move(pending.command), RedisReply::error(error), pending.sentUs, nowUs});
    m_pending.clear();
    return exchanges;
}

QList<ForeignSniffer::Exchange> ForeignSniffer::fromServer(const QByteArray& bytes, qint64 nowUs)
{
    QList<Exchange> exchanges;
    if (m_lost)
        return exchanges;
    m_replies.feed(bytes);
    while (std::optional<RedisReply> reply = m_replies.next()) {
        if (m_pending.empty()) { // a reply we cannot pair: an unsolicited push
            m_lost = true;
            break;
        }
        Pending pending = std::move(m_pending.front());
        m_pending.pop_front();
        noteSetName(pending.command, *reply);
        if (matters(pending.command))
            exchanges.append(
                {std::move(pending.command), std::move(*reply), pending.sentUs, nowUs});
    }
    if (m_replies.isBroken())
        m_lost = true;
    return exchanges;
}

void ForeignSniffer::noteSetName(const QByteArrayList& command, const RedisReply& reply)
{
    if (command.size() == 3 && verbOf(command) == "CLIENT" &&
        command.at(1).toUpper() == "SETNAME" && reply.isOkStatus() && !command.at(2).isEmpty())
        m_name = command.at(2);
}
