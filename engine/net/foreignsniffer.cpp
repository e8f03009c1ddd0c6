// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/foreignsniffer.h"

#include <QSet>
#include <algorithm>
#include <utility>

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

bool ForeignSniffer::mayRelease(const QByteArrayList& command)
{
    static const QSet<QByteArray> verbs{"DEL", "UNLINK", "GETDEL", "EVAL", "EVALSHA"};
    return verbs.contains(verbOf(command));
}

QList<QByteArrayList> ForeignSniffer::fromClient(const QByteArray& bytes, qint64 nowUs,
                                                 bool reachesNode, QList<Exchange>* lost)
{
    QList<QByteArrayList> releases;
    if (m_lost)
        return releases;
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
            return {};
        }
        if (!reachesNode) {
            if (lost && matters(command))
                lost->append({std::move(command),
                              RedisReply::error("no answer: the client is cut off from the node"),
                              nowUs, nowUs});
            continue;
        }
        if (mayRelease(command))
            releases << command;
        m_pending.push_back({std::move(command), nowUs});
        if (m_pending.size() > PendingKept)
            m_lost = true;
    }
    if (m_commands.isBroken())
        m_lost = true;
    return m_lost ? QList<QByteArrayList>() : releases;
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
        if (inTransaction(pending, *reply, nowUs, &exchanges))
            continue;
        if (matters(pending.command))
            exchanges.append(
                {std::move(pending.command), std::move(*reply), pending.sentUs, nowUs});
    }
    if (m_replies.isBroken())
        m_lost = true;
    return exchanges;
}

// MULTI ... EXEC: the commands in between are answered QUEUED and run at EXEC, whose answer
// holds theirs, in order: each is handed on with its own answer then (a SET NX inside is an
// acquire, not a refusal). DISCARD, or EXEC answered nil (a WATCH saw a change), ran nothing.
bool ForeignSniffer::inTransaction(Pending& pending, RedisReply& reply, qint64 nowUs,
                                   QList<Exchange>* exchanges)
{
    const QByteArray verb = verbOf(pending.command);
    if (verb == "MULTI") {
        m_inMulti = reply.isOkStatus();
        m_queued.clear();
        return true;
    }
    if (!m_inMulti)
        return false;
    if (verb == "EXEC" || verb == "DISCARD") {
        m_inMulti = false;
        const QList<Pending> queued = std::exchange(m_queued, {});
        if (verb == "EXEC" && reply.type == RedisReply::Type::Array)
            for (qsizetype i = 0; i < queued.size() && i < reply.elements.size(); ++i)
                if (matters(queued.at(i).command))
                    exchanges->append(
                        {queued.at(i).command, reply.elements.at(i), pending.sentUs, nowUs});
        return true;
    }
    if (reply.type == RedisReply::Type::Status && reply.text == "QUEUED")
        m_queued << std::move(pending);
    return true; // refused while queueing: EXEC will fail the whole transaction
}

bool ForeignSniffer::mayNameItself() const
{
    return std::any_of(m_pending.cbegin(), m_pending.cend(), [](const Pending& p) {
        return !p.command.isEmpty() &&
               p.command.first().compare("CLIENT", Qt::CaseInsensitive) == 0;
    });
}

void ForeignSniffer::noteSetName(const QByteArrayList& command, const RedisReply& reply)
{
    if (command.size() == 3 && verbOf(command) == "CLIENT" &&
        command.at(1).toUpper() == "SETNAME" && reply.isOkStatus() && !command.at(2).isEmpty())
        m_name = command.at(2);
}
