// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/foreignexchange.h"
#include "net/respreader.h"

#include <QList>
#include <deque>
#include <optional>

// Follows one foreign connection both ways (docs/proxy.md, "Foreign clients"): the client's
// commands, and the node's replies, which Redis sends in the order of the commands, so the
// n-th reply answers the n-th command. What it hands on are the commands a lock client uses
// (SET, SETNX, EVAL, DEL, ...), each with its answer and times; the name the client gave
// itself (CLIENT SETNAME) is kept. It never changes a byte.
//
// A connection that subscribes (pub/sub: Redisson waiting for an unlock message) no longer
// pairs replies with commands: from then on it is followed no further; so is a stream that
// is not RESP.
class ForeignSniffer
{
public:
    struct Exchange
    {
        QByteArrayList command;
        RedisReply reply;
        qint64 sentUs = 0;
        qint64 repliedUs = 0;
    };

    // Follows the client's bytes; returns the commands completed in them that may end a hold
    // (mayRelease()), for the app to see before any answer.
    // `reachesNode` false: the bytes were lost on the way (a cut), so the node never answers
    // the commands they complete: those that matter go to *lost*, answered "no answer".
    QList<QByteArrayList> fromClient(const QByteArray& bytes, qint64 nowUs, bool reachesNode = true,
                                     QList<Exchange>* lost = nullptr);
    QList<Exchange> fromServer(const QByteArray& bytes, qint64 nowUs);
    // The connection closed with commands unanswered (the node was killed, or the proxy cut
    // it): each one that matters, answered with `error`.
    QList<Exchange> unanswered(const QByteArray& error, qint64 nowUs);
    // Whether a CLIENT command awaits its answer: the answer may give the connection a name.
    bool mayNameItself() const;
    // The name from CLIENT SETNAME, once the node accepted it.
    const std::optional<QByteArray>& clientName() const { return m_name; }
    // Whether `command` is one a lock client's story is made of.
    static bool matters(const QByteArrayList& command);
    // Whether `command` may delete a lock's key: DEL, UNLINK, GETDEL, a script.
    static bool mayRelease(const QByteArrayList& command);

private:
    struct Pending
    {
        QByteArrayList command;
        qint64 sentUs = 0;
    };

    void noteSetName(const QByteArrayList& command, const RedisReply& reply);
    bool inTransaction(Pending& pending, RedisReply& reply, qint64 nowUs,
                       QList<Exchange>* exchanges);

    RespReader m_commands{RespReader::Bulks::Skim}; // a foreign client's long values skimmed
    RespReader m_replies{RespReader::Bulks::Skim};
    std::deque<Pending> m_pending;
    std::optional<QByteArray> m_name;
    bool m_inMulti = false;
    QList<Pending> m_queued; // commands queued in a MULTI, answered at its EXEC
    bool m_lost = false;     // subscribed, or not RESP: no longer followed
};
