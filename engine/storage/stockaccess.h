// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fencingtoken.h"
#include "model/nodeaddress.h"
#include "net/redisconnection.h"

#include <QObject>
#include <functional>

class Clock;

// One client's own connection to the storage node and the two things it does there, the oversell
// ladder's naive purchase (docs/domain.md, "The stock"): read the stock, later write the stock
// minus one. With a fencing token the write goes through the storage's check-and-set script,
// which refuses a token that is not newer than the last one it accepted.
class StockAccess : public QObject
{
    Q_OBJECT

public:
    struct ReadResult
    {
        bool ok = false;
        bool exists = false; // the stock key is there (the seed checks hasLength)
        qint64 value = 0;
        QString error;
        qint64 latencyUs = 0;
    };
    struct WriteResult
    {
        bool accepted = false;
        bool rejected = false; // fenced: a newer token was accepted before
        bool conflict = false; // WATCH: the stock changed since it was watched (EXEC: nil)
        qint64 previous = -1;  // accepted: the stock just before this write
        FencingToken newest;   // rejected: the token the storage holds
        QString error;
        qint64 latencyUs = 0;
    };
    using ReadCallback = std::function<void(const ReadResult&)>;
    using WriteCallback = std::function<void(const WriteResult&)>;

    // The keys on the storage node, for the storage card and the tests.
    static const QByteArray StockKey;
    static const QByteArray FenceKey;   // hash: node number -> counter of the last accepted token
    static const QByteArray RejectsKey; // counter of rejected writes
    static const QByteArray WriteScript;

    StockAccess(const NodeAddress& storage, const RedisConnection::Options& options,
                const Clock& clock, QObject* parent = nullptr);

    void open();
    void close();
    // Whether its connection is still being made (the first read waits for it).
    bool connecting() const;
    RedisConnection* connection() const { return m_connection; }
    void read(ReadCallback callback);
    void write(qint64 value, const FencingToken& fence, WriteCallback callback);
    // The oversell ladder's optimistic lock (the `watch` rung) on this connection: WATCH stock,
    // then GET it; later MULTI, GET (the stock just before), SET, EXEC. EXEC refuses when the
    // stock changed meanwhile.
    void watchRead(ReadCallback callback);
    void execWrite(qint64 value, WriteCallback callback);

private:
    static ReadResult readResultOf(const CommandResult& result);

    RedisConnection* m_connection;
};
