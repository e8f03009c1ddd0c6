// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/serialceiling.h"

#include "bench/benchloop.h"
#include "lock/redlock.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <hiredis/hiredis.h>
#include <memory>
#include <vector>

namespace {

constexpr int kTimeoutMs = 2000;
constexpr qint64 kStock = 1'000'000'000; // never sold out within a phase
// How often the loop lets the event loop see a signal (Ctrl-C ends the benchmark).
constexpr qint64 kSignalCheckMs = 100;

struct ContextFree
{
    void operator()(redisContext* c) const { redisFree(c); }
};
using Context = std::unique_ptr<redisContext, ContextFree>;

struct ReplyFree
{
    void operator()(redisReply* r) const { freeReplyObject(r); }
};
using Reply = std::unique_ptr<redisReply, ReplyFree>;

bool append(redisContext* c, const QByteArrayList& args)
{
    std::vector<const char*> argv;
    std::vector<size_t> lengths;
    for (const QByteArray& arg : args) {
        argv.push_back(arg.constData());
        lengths.push_back(size_t(arg.size()));
    }
    return redisAppendCommandArgv(c, int(argv.size()), argv.data(), lengths.data()) == REDIS_OK;
}

// Writes what was appended now, without reading, so that every node has its command before
// the first reply is awaited (a blocking redisGetReply() would write one node at a time).
bool flush(redisContext* c)
{
    int done = 0;
    while (!done)
        if (redisBufferWrite(c, &done) != REDIS_OK)
            return false;
    return true;
}

Reply next(redisContext* c)
{
    void* raw = nullptr;
    if (redisGetReply(c, &raw) != REDIS_OK)
        return nullptr;
    return Reply(static_cast<redisReply*>(raw));
}

QString failure(const NodeAddress& at, redisContext* c, const QString& what)
{
    const QString why = c && c->err ? QString::fromLocal8Bit(c->errstr) : what;
    return QStringLiteral("%1: %2").arg(at.display(), why);
}

Context open(const NodeAddress& address, QString* error)
{
    const timeval timeout{kTimeoutMs / 1000, (kTimeoutMs % 1000) * 1000};
    Context c(redisConnectWithTimeout(address.host.toUtf8().constData(), address.port, timeout));
    if (!c || c->err) {
        *error = failure(address, c.get(), QStringLiteral("out of memory"));
        return nullptr;
    }
    redisSetTimeout(c.get(), timeout);
    QByteArrayList auth{"AUTH"};
    if (!address.user.isEmpty())
        auth << address.user.toUtf8();
    auth << address.password.toUtf8();
    for (const QByteArrayList& command :
         {address.password.isEmpty() ? QByteArrayList{} : auth,
          address.db == 0 ? QByteArrayList{}
                          : QByteArrayList{"SELECT", QByteArray::number(address.db)}}) {
        if (command.isEmpty())
            continue;
        if (!append(c.get(), command)) {
            *error = failure(address, c.get(), QStringLiteral("cannot send"));
            return nullptr;
        }
        const Reply reply = next(c.get());
        if (!reply || reply->type == REDIS_REPLY_ERROR) {
            *error = failure(address, c.get(),
                             reply ? QString::fromUtf8(reply->str) : QStringLiteral("no reply"));
            return nullptr;
        }
    }
    return c;
}

// One command to each context at once, then every reply. True when each reply is what
// `expected` accepts.
template <typename Check>
bool roundOnAll(const std::vector<Context>& nodes, const QByteArrayList& command, Check expected)
{
    for (const Context& c : nodes)
        if (!append(c.get(), command) || !flush(c.get()))
            return false;
    bool ok = true;
    for (const Context& c : nodes) {
        const Reply reply = next(c.get());
        ok = ok && reply && expected(reply.get());
    }
    return ok;
}

} // namespace

std::optional<SerialCeiling::Figures>
SerialCeiling::measure(const QList<NodeAddress>& nodes, const NodeAddress& storage,
                       const QByteArray& resource, const QByteArray& stockKey, int ttlMs,
                       int warmUpMs, int seconds, QString* error)
{
    std::vector<Context> lockNodes;
    for (const NodeAddress& address : nodes) {
        lockNodes.push_back(open(address, error));
        if (!lockNodes.back())
            return std::nullopt;
    }
    const Context stock = open(storage, error);
    if (!stock)
        return std::nullopt;
    if (!append(stock.get(), {"SET", stockKey, QByteArray::number(kStock)}) || !next(stock.get())) {
        *error = failure(storage, stock.get(), QStringLiteral("cannot set the stock"));
        return std::nullopt;
    }

    const QByteArray ttl = QByteArray::number(ttlMs);
    const QByteArray keyCount = "1";
    Figures figures;
    QElapsedTimer clock;
    clock.start();
    const qint64 measureFromMs = warmUpMs;
    const qint64 endMs = warmUpMs + qint64(seconds) * 1000;
    qint64 lastCheckMs = 0;
    qint64 measuredFromNs = -1;
    while (true) {
        const qint64 nowMs = clock.elapsed();
        if (nowMs >= endMs)
            break;
        if (nowMs - lastCheckMs >= kSignalCheckMs) {
            lastCheckMs = nowMs;
            QCoreApplication::processEvents();
            if (BenchLoop::interrupted()) {
                *error = BenchLoop::interruptedBy();
                return std::nullopt;
            }
        }
        const bool counted = nowMs >= measureFromMs;
        if (counted && measuredFromNs < 0)
            measuredFromNs = clock.nsecsElapsed();
        // A fresh token per acquisition, from the system's source, as the app's clients do.
        QByteArray token(20, Qt::Uninitialized);
        QRandomGenerator::system()->fillRange(reinterpret_cast<quint32*>(token.data()), 5);
        token = token.toHex();

        const qint64 acquireStartNs = clock.nsecsElapsed();
        const bool acquired =
            roundOnAll(lockNodes, {"SET", resource, token, "NX", "PX", ttl},
                       [](const redisReply* r) { return r->type == REDIS_REPLY_STATUS; });
        const qint64 acquireNs = clock.nsecsElapsed() - acquireStartNs;
        if (!acquired) {
            *error = QStringLiteral("a lock node refused or did not answer the ceiling's SET");
            return std::nullopt;
        }
        if (!append(stock.get(), {"GET", stockKey})) {
            *error = failure(storage, stock.get(), QStringLiteral("cannot send"));
            return std::nullopt;
        }
        const Reply left = next(stock.get());
        if (!left || left->type != REDIS_REPLY_STRING) {
            *error = failure(storage, stock.get(), QStringLiteral("no stock"));
            return std::nullopt;
        }
        const qint64 value = QByteArray(left->str, qsizetype(left->len)).toLongLong();
        if (!append(stock.get(), {"SET", stockKey, QByteArray::number(value - 1)}) ||
            !next(stock.get())) {
            *error = failure(storage, stock.get(), QStringLiteral("cannot write the stock"));
            return std::nullopt;
        }
        const bool released =
            roundOnAll(lockNodes, {"EVAL", Redlock::ReleaseScript, keyCount, resource, token},
                       [](const redisReply* r) { return r->type == REDIS_REPLY_INTEGER; });
        if (!released) {
            *error = QStringLiteral("a lock node did not answer the ceiling's release");
            return std::nullopt;
        }
        if (counted) {
            ++figures.purchases;
            figures.acquireUs.add(acquireNs / 1000);
        }
    }
    figures.seconds = double(clock.nsecsElapsed() - std::max<qint64>(measuredFromNs, 0)) / 1e9;
    return figures;
}
