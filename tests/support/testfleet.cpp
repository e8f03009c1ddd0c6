// SPDX-License-Identifier: GPL-3.0-or-later
#include "testfleet.h"

#include <QDeadlineTimer>
#include <QTest>

#include <cerrno>
#include <hiredis/hiredis.h>
#include <sys/time.h>
#include <vector>

namespace {

const QByteArray kClientErrorPrefix = QByteArrayLiteral("CLIENT-ERROR ");

timeval toTimeval(int ms)
{
    timeval tv{};
    tv.tv_sec = ms / 1000;
    tv.tv_usec = (ms % 1000) * 1000;
    return tv;
}

// The error hiredis left in the context, classified: a paused node accepts the connection
// (the kernel does the handshake) and then never answers, which shows up as EAGAIN.
RedisReply clientError(const redisContext* context, int savedErrno, const char* stage)
{
    QByteArray what = stage;
    if (context && context->err == REDIS_ERR_IO &&
        (savedErrno == EAGAIN || savedErrno == EWOULDBLOCK || savedErrno == ETIMEDOUT))
        what = "timeout";
    const QByteArray detail = context ? QByteArray(context->errstr) : QByteArray("out of memory");
    return RedisReply::error(kClientErrorPrefix + what + ": " + detail);
}

struct ContextDeleter
{
    void operator()(redisContext* context) const { redisFree(context); }
};
using Context = std::unique_ptr<redisContext, ContextDeleter>;

// One round trip; no answer at all becomes a CLIENT-ERROR reply.
RedisReply roundTrip(redisContext* context, const QByteArrayList& args)
{
    std::vector<const char*> argv;
    std::vector<size_t> argvlen;
    for (const QByteArray& arg : args) {
        argv.push_back(arg.constData());
        argvlen.push_back(size_t(arg.size()));
    }
    errno = 0;
    auto* reply = static_cast<redisReply*>(
        redisCommandArgv(context, int(argv.size()), argv.data(), argvlen.data()));
    const int savedErrno = errno;
    if (!reply)
        return clientError(context, savedErrno, "io");
    RedisReply result = RedisReply::fromHiredis(reply);
    freeReplyObject(reply);
    return result;
}

} // namespace

TestFleet::TestFleet(int count, const RedisServerProcess::Options& options, int timeoutMs)
    : m_fleet(std::make_unique<LocalFleet>(count, options))
{
    QString error;
    if (!m_fleet->startAndWait(timeoutMs, &error)) {
        m_error = error.isEmpty() ? QStringLiteral("the test fleet did not start") : error;
        return;
    }
    // "Ready to accept connections" is logged once the socket listens; still, prove it.
    for (int i = 0; i < count; ++i) {
        if (!waitUntilAnswers(i, timeoutMs)) {
            m_error = QStringLiteral("node %1 (port %2) does not answer PING")
                          .arg(i + 1)
                          .arg(node(i)->port());
            return;
        }
    }
}

TestFleet::~TestFleet()
{
    m_fleet.reset(); // each node: SIGCONT if paused, SIGKILL, reap, remove its directory
}

RedisReply TestFleet::command(int index, const QByteArrayList& args, int timeoutMs) const
{
    if (index < 0 || index >= count())
        return RedisReply::error(kClientErrorPrefix + "no node " + QByteArray::number(index));
    return redisCommand(address(index), args, timeoutMs);
}

bool TestFleet::waitUntilAnswers(int index, int timeoutMs) const
{
    const QDeadlineTimer deadline(timeoutMs);
    do {
        const RedisReply reply = command(index, {"PING"}, 500);
        if (reply.type == RedisReply::Type::Status && reply.text == "PONG")
            return true;
        QTest::qWait(20); // keeps the event loop (and the node's log reader) running
    } while (!deadline.hasExpired());
    return false;
}

RedisReply TestFleet::redisCommand(const NodeAddress& address, const QByteArrayList& args,
                                   int timeoutMs)
{
    if (args.isEmpty())
        return RedisReply::error(kClientErrorPrefix + "usage: empty command");
    const QByteArray host = address.host.toUtf8();
    errno = 0;
    Context context(redisConnectWithTimeout(host.constData(), address.port, toTimeval(timeoutMs)));
    const int connectErrno = errno;
    if (!context || context->err)
        return clientError(context.get(), connectErrno, "connect");
    if (redisSetTimeout(context.get(), toTimeval(timeoutMs)) != REDIS_OK)
        return clientError(context.get(), errno, "connect");

    if (!address.password.isEmpty()) {
        QByteArrayList auth{"AUTH"};
        if (!address.user.isEmpty())
            auth << address.user.toUtf8();
        auth << address.password.toUtf8();
        RedisReply reply = roundTrip(context.get(), auth);
        if (reply.isError())
            return reply;
    }
    if (address.db != 0) {
        RedisReply reply = roundTrip(context.get(), {"SELECT", QByteArray::number(address.db)});
        if (reply.isError())
            return reply;
    }
    return roundTrip(context.get(), args);
}

bool TestFleet::isClientError(const RedisReply& reply)
{
    return reply.isError() && reply.text.startsWith(kClientErrorPrefix);
}

bool TestFleet::isTimeout(const RedisReply& reply)
{
    return isClientError(reply) && reply.text.startsWith(kClientErrorPrefix + "timeout");
}
