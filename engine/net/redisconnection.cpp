// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/redisconnection.h"

#include "base/steadyclock.h"
#include "net/connecterror.h"
#include "net/hiredisqtadapter.h"

#include <QFile>
#include <QHostAddress>
#include <QHostInfo>
#include <QPointer>
#include <QThread>
#include <algorithm>
#include <fcntl.h>
#include <hiredis/async.h>
#include <utility>

// How hiredis 0.14's async API is used here, because its rules are easy to get wrong:
// - After a failed connect callback, or a disconnect callback, hiredis has already freed
//   (or is about to free) the context: forget the pointer, never free it again.
// - redisAsyncFree() and hiredis's own teardown call every pending callback with a NULL
//   reply, then the disconnect callback. We detach first (context->data = nullptr), so
//   those calls find no owner and are ignored: that is the re-entrancy guard.
// - Inside a reply callback redisAsyncFree() only marks the context; hiredis frees it when
//   the callback returns. Outside, it frees at once.
// - A reply is freed when its callback returns: it is copied (RedisReply::fromHiredis).
// - Requests are keyed by an id carried as privdata, never by a pointer: a late callback
//   of a context we gave up on finds no id and cannot reach a later request.

namespace {

QString lowerFirst(QString text)
{
    if (!text.isEmpty())
        text[0] = text.at(0).toLower();
    return text;
}

// A short, printable version of what a peer said, for error messages.
QString printable(const QByteArray& raw)
{
    // Mostly binary (TLS, some other protocol): hex says more than a row of '?'.
    const auto binary = std::count_if(raw.begin(), raw.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u < 0x20 || u >= 0x7f) && c != '\r' && c != '\n' && c != '\t';
    });
    if (binary * 4 > raw.size()) {
        constexpr qsizetype kMaxBytes = 16;
        QString hex = QString::fromLatin1(raw.left(kMaxBytes).toHex(' '));
        if (raw.size() > kMaxBytes)
            hex += QStringLiteral(" ...");
        return QStringLiteral("binary data %1").arg(hex);
    }
    QByteArray line = raw;
    const qsizetype end = line.indexOf('\n');
    if (end >= 0)
        line.truncate(end);
    if (line.endsWith('\r'))
        line.chop(1);
    constexpr qsizetype kMax = 60;
    const bool cut = line.size() > kMax;
    line.truncate(kMax);
    QString out;
    for (const char c : std::as_const(line)) {
        const auto u = static_cast<unsigned char>(c);
        out += (u >= 0x20 && u < 0x7f) ? QChar(c) : QChar('?');
    }
    if (cut)
        out += QStringLiteral("...");
    return out;
}

QString describe(const RedisReply& reply)
{
    switch (reply.type) {
    case RedisReply::Type::Nil:
        return QStringLiteral("nil");
    case RedisReply::Type::Status:
        return QLatin1Char('+') + printable(reply.text);
    case RedisReply::Type::Error:
        return QLatin1Char('-') + printable(reply.text);
    case RedisReply::Type::String:
        return QLatin1Char('"') + printable(reply.text) + QLatin1Char('"');
    case RedisReply::Type::Integer:
        return QString::number(reply.integer);
    case RedisReply::Type::Array:
        return QStringLiteral("an array of %1 elements").arg(reply.elements.size());
    }
    return {};
}

QByteArray infoField(const QByteArray& info, const QByteArray& name)
{
    const QByteArray key = name + ':';
    for (const QByteArray& line : info.split('\n')) {
        if (line.startsWith(key))
            return line.mid(key.size()).trimmed();
    }
    return {};
}

bool isWrongPassword(const QByteArray& error)
{
    // Redis 6+ says WRONGPASS; Redis 6.0 and older said "invalid password" or
    // "invalid username-password pair".
    return error.startsWith("WRONGPASS") || error.contains("invalid password") ||
           error.contains("invalid username-password pair");
}

// Commands that break "one command, one reply" (hiredis switches the context into
// pub/sub or monitor mode for them) are refused with an error reply instead of being sent.
QByteArray refusalFor(const QByteArrayList& args)
{
    if (args.isEmpty())
        return QByteArrayLiteral("ERR empty command");
    static const QByteArrayList unsupported{"SUBSCRIBE",   "PSUBSCRIBE",   "SSUBSCRIBE",
                                            "UNSUBSCRIBE", "PUNSUBSCRIBE", "SUNSUBSCRIBE",
                                            "MONITOR"};
    const QByteArray name = args.first().toUpper();
    if (unsupported.contains(name))
        return "ERR " + name + " is not supported on this connection (one reply per command)";
    return {};
}

void* toPrivdata(quint64 id)
{
    return reinterpret_cast<void*>(static_cast<quintptr>(id));
}

} // namespace

RedisConnection::RedisConnection(const NodeAddress& address, QObject* parent)
    : RedisConnection(address, Options{}, SteadyClock::instance(), parent)
{}

RedisConnection::RedisConnection(const NodeAddress& address, const Options& options,
                                 const Clock& clock, QObject* parent)
    : QObject(parent), m_address(address), m_options(options), m_clock(clock),
      m_deadlineTimer(this), m_reconnectTimer(this)
{
    // One precise timer for every deadline (armed at the earliest), not one per request.
    m_deadlineTimer.setSingleShot(true);
    m_deadlineTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_deadlineTimer, &QTimer::timeout, this, &RedisConnection::onDeadline);
    m_reconnectTimer.setSingleShot(true);
    connect(&m_reconnectTimer, &QTimer::timeout, this, &RedisConnection::startAttempt);
}

RedisConnection::~RedisConnection()
{
    m_deadlineTimer.stop();
    m_reconnectTimer.stop();
    abortLookup();
    // Dropped without callbacks, as documented: their owners may be half-destroyed.
    m_pending.clear();
    m_order.clear();
    releaseContext(true);
}

// ---------------------------------------------------------------------------------------
// Opening and closing

void RedisConnection::open()
{
    m_wantOpen = true;
    if (m_state == State::Resolving || m_state == State::Connecting || m_state == State::Ready)
        return;
    m_reconnectTimer.stop();
    startAttempt();
}

void RedisConnection::close()
{
    m_wantOpen = false;
    m_reconnectTimer.stop();
    if (m_state == State::Disconnected && !m_context && m_pending.empty())
        return;
    // With m_wantOpen false, dropContext ends in Disconnected instead of Backoff.
    dropContext(QStringLiteral("connection closed"), CommandResult::Status::Down);
}

void RedisConnection::startAttempt()
{
    abortLookup();
    releaseContext(true); // nothing normally: every failure path has let go already
    m_tcpConnected = false;
    m_connectDeadlineUs = m_clock.nowUs() + qint64(std::max(1, m_options.connectTimeoutMs)) * 1000;
    armDeadlineTimer();

    // An address literal needs no lookup; a name is looked up by Qt in its own thread,
    // because hiredis would call a blocking getaddrinfo() in the engine thread.
    if (m_address.isLocalSocket()) {
        startConnect(m_address.host);
        return;
    }
    QHostAddress literal;
    if (literal.setAddress(m_address.host)) {
        startConnect(literal.toString());
        return;
    }
    const QString host = m_address.host;
    m_lookupId = QHostInfo::lookupHost(host, this, [this](const QHostInfo& info) {
        QString ip;
        QString error;
        if (info.error() == QHostInfo::HostNotFound) {
            error = ConnectError::hostNotFound(m_address.host);
        } else if (info.error() != QHostInfo::NoError) {
            error = QStringLiteral("host lookup failed for %1: %2")
                        .arg(m_address.host, info.errorString());
        } else {
            // IPv4 first: local redis-servers bind 127.0.0.1, while "localhost" often
            // resolves to ::1 first.
            const QList<QHostAddress> addresses = info.addresses();
            const auto v4 = std::find_if(addresses.begin(), addresses.end(), [](const auto& a) {
                return a.protocol() == QAbstractSocket::IPv4Protocol;
            });
            if (v4 != addresses.end())
                ip = v4->toString();
            else if (!addresses.isEmpty())
                ip = addresses.first().toString();
            else
                error = ConnectError::hostNotFound(m_address.host);
        }
        onLookupDone(info.lookupId(), error, ip);
    });
    setState(State::Resolving, m_lastError);
}

void RedisConnection::onLookupDone(int lookupId, const QString& error, const QString& ip)
{
    if (lookupId != m_lookupId || m_state != State::Resolving)
        return; // a lookup we gave up on
    m_lookupId = -1;
    if (!error.isEmpty()) {
        handleConnectFailure(error);
        return;
    }
    startConnect(ip);
}

void RedisConnection::abortLookup()
{
    if (m_lookupId >= 0)
        QHostInfo::abortHostLookup(m_lookupId);
    m_lookupId = -1;
}

// `ip`: an address literal, or a local socket's path (NodeAddress::isLocalSocket).
void RedisConnection::startConnect(const QString& ip)
{
    redisAsyncContext* context = m_address.isLocalSocket()
                                     ? redisAsyncConnectUnix(QFile::encodeName(ip).constData())
                                     : redisAsyncConnect(ip.toUtf8().constData(), m_address.port);
    if (!context) {
        handleConnectFailure(QStringLiteral("out of memory creating the connection"));
        return;
    }
    if (context->err) {
        // Failed at once (loopback often refuses synchronously). No adapter is attached
        // and hiredis will not free it for us: this free is ours.
        const QString error = lowerFirst(QString::fromLocal8Bit(context->errstr));
        redisAsyncFree(context);
        handleConnectFailure(error);
        return;
    }

    // hiredis makes its socket without SOCK_CLOEXEC: every process started later (a node
    // restart spawns a redis-server) would inherit it and keep the connection open after we
    // closed it. In the app, nodes are spawned from the engine thread, where connections are
    // made too: no fork can come between the socket's creation and this line.
    ::fcntl(context->c.fd, F_SETFD, ::fcntl(context->c.fd, F_GETFD) | FD_CLOEXEC);
    context->data = this;
    m_context = context;
    // The adapter must be attached before the connect callback: setting it asks for the
    // first write event.
    m_adapter = new HiredisQtAdapter(context, this);
    m_adapter->setSniffing(true);
    redisAsyncSetConnectCallback(context, &RedisConnection::onConnected);
    redisAsyncSetDisconnectCallback(context, &RedisConnection::onDisconnected);
    setState(State::Connecting, m_lastError);
}

// ---------------------------------------------------------------------------------------
// hiredis callbacks

RedisConnection* RedisConnection::owner(const redisAsyncContext* context)
{
    return static_cast<RedisConnection*>(context->data);
}

void RedisConnection::onConnected(const redisAsyncContext* context, int status)
{
    RedisConnection* self = owner(context);
    if (!self)
        return;
    if (status != REDIS_OK) {
        // hiredis frees the context as soon as we return: detach, do not free.
        const QString error = lowerFirst(QString::fromLocal8Bit(context->c.errstr));
        self->releaseContext(false);
        self->handleConnectFailure(error);
        return;
    }
    self->m_tcpConnected = true;
    self->sendHandshake();
}

void RedisConnection::onDisconnected(const redisAsyncContext* context, int status)
{
    Q_UNUSED(status);
    RedisConnection* self = owner(context);
    if (!self)
        return; // a context we freed on purpose, or already handled via a NULL reply
    const QString error = self->lossText(context->c.err, QString::fromLocal8Bit(context->c.errstr));
    self->releaseContext(false);
    self->handleDisconnect(error);
}

void RedisConnection::onReply(redisAsyncContext* context, void* reply, void* privdata)
{
    RedisConnection* self = owner(context);
    if (!self)
        return;
    if (!reply) {
        // hiredis is tearing the context down after an error (we detach before our own
        // frees). It calls every pending callback like this, then the disconnect callback:
        // handle the loss at the first sign, and detach so the rest are ignored.
        const QString error =
            self->lossText(context->c.err, QString::fromLocal8Bit(context->c.errstr));
        self->releaseContext(false);
        self->handleDisconnect(error);
        return;
    }
    CommandResult result;
    result.status = CommandResult::Status::Replied;
    result.reply = RedisReply::fromHiredis(static_cast<const redisReply*>(reply));
    if (self->failedByProxy(result.reply))
        return;
    const auto id = static_cast<quint64>(reinterpret_cast<quintptr>(privdata));
    // A subscription's confirmation is its pending request's reply; what follows on the
    // same id is a message.
    if (self->m_subscriptions.count(id) && !self->m_pending.count(id)) {
        self->handleMessage(result.reply);
        return;
    }
    self->handleReply(id, result);
}

// ---------------------------------------------------------------------------------------
// Handshake: AUTH, SELECT and INFO pipelined in one write, under the connect deadline

void RedisConnection::sendHandshake()
{
    if (!m_address.password.isEmpty()) {
        QByteArrayList auth{QByteArrayLiteral("AUTH")};
        if (!m_address.user.isEmpty())
            auth << m_address.user.toUtf8();
        auth << m_address.password.toUtf8();
        issueUntil(auth, m_connectDeadlineUs,
                   [this](const CommandResult& r) { handshakeStep(r, "AUTH"); });
    }
    if (m_address.db != 0) {
        issueUntil({QByteArrayLiteral("SELECT"), QByteArray::number(m_address.db)},
                   m_connectDeadlineUs,
                   [this](const CommandResult& r) { handshakeStep(r, "SELECT"); });
    }
    m_handshakeId =
        issueUntil({QByteArrayLiteral("INFO"), QByteArrayLiteral("server")}, m_connectDeadlineUs,
                   [this](const CommandResult& r) { finishHandshake(r); });
    // If INFO could not be queued, its callback gets a Down result later and the connect
    // deadline ends the attempt.
}

void RedisConnection::handshakeStep(const CommandResult& result, const QByteArray& command)
{
    // Not Replied: the attempt was already abandoned and reported.
    if (result.status != CommandResult::Status::Replied)
        return;
    const RedisReply& reply = result.reply;
    if (reply.isOkStatus())
        return;
    if (!reply.isError()) {
        failHandshake(notRedisText(&reply));
        return;
    }
    const QByteArray& text = reply.text;
    if (command == "AUTH") {
        if (isWrongPassword(text))
            failHandshake(QStringLiteral("wrong password"));
        else if (text.contains("without any password configured"))
            return; // a password the node does not need: go on, as redis-cli does
        else
            failHandshake(QStringLiteral("AUTH failed: %1").arg(printable(text)));
    } else if (text.startsWith("NOAUTH")) {
        failHandshake(QStringLiteral("the node requires a password"));
    } else {
        failHandshake(
            QStringLiteral("cannot use database %1: %2").arg(m_address.db).arg(printable(text)));
    }
}

void RedisConnection::finishHandshake(const CommandResult& result)
{
    if (result.status != CommandResult::Status::Replied)
        return;
    const RedisReply& reply = result.reply;
    if (reply.isError()) {
        if (reply.text.startsWith("NOAUTH"))
            failHandshake(QStringLiteral("the node requires a password"));
        else if (reply.text.startsWith("ERR unknown command"))
            failHandshake(notRedisText(&reply));
        else // LOADING, DENIED (protected mode), max clients, ...: Redis, but not now
            failHandshake(
                QStringLiteral("the node refused the connection: %1").arg(printable(reply.text)));
        return;
    }
    if (reply.type != RedisReply::Type::String || !reply.text.contains("redis_version:")) {
        failHandshake(notRedisText(&reply));
        return;
    }

    const QByteArray version = infoField(reply.text, "redis_version");
    m_serverVersion = QString::fromLatin1(version);
    m_serverMajorVersion = version.left(version.indexOf('.')).toInt();
    m_serverPid = infoField(reply.text, "process_id").toLongLong();

    m_handshakeId = 0;
    m_connectDeadlineUs = 0; // the deadline timer, if still set for it, finds nothing due
    m_backoffMs = 0;
    if (m_adapter)
        m_adapter->setSniffing(false);
    setState(State::Ready);
}

void RedisConnection::failHandshake(const QString& error)
{
    // Usually inside a hiredis reply callback: the free is deferred until it returns.
    dropContext(error, CommandResult::Status::Down);
}

QString RedisConnection::notRedisText(const RedisReply* reply) const
{
    const QByteArray raw = m_adapter ? m_adapter->firstBytes() : QByteArray();
    QString answer = printable(raw);
    if (answer.isEmpty() && reply)
        answer = describe(*reply);
    if (answer.isEmpty())
        answer = QStringLiteral("nothing readable");
    return QStringLiteral("not a Redis server (it answered: %1)").arg(answer);
}

// ---------------------------------------------------------------------------------------
// Commands

void RedisConnection::send(const QByteArrayList& args, int timeoutMs, Callback callback)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (m_state != State::Ready || !m_context) {
        failLater(std::move(callback), CommandResult::Status::Down, downText());
        return;
    }
    const QByteArray refusal = isSubscribed()
                                   ? QByteArrayLiteral("ERR this connection is subscribed "
                                                       "(pub/sub): it sends no other command")
                                   : refusalFor(args);
    if (!refusal.isEmpty()) {
        CommandResult result;
        result.status = CommandResult::Status::Replied;
        result.reply = RedisReply::error(refusal);
        result.sentUs = result.repliedUs = m_clock.nowUs();
        QMetaObject::invokeMethod(
            this, [callback = std::move(callback), result] { callback(result); },
            Qt::QueuedConnection);
        return;
    }
    issue(args, timeoutMs, std::move(callback));
}

void RedisConnection::subscribe(const QByteArray& channel, int timeoutMs, Callback confirmed)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (m_state != State::Ready || !m_context) {
        failLater(std::move(confirmed), CommandResult::Status::Down, downText());
        return;
    }
    if (const quint64 id =
            issue({QByteArrayLiteral("SUBSCRIBE"), channel}, timeoutMs, std::move(confirmed)))
        m_subscriptions.insert(id);
}

void RedisConnection::handleMessage(const RedisReply& reply)
{
    // "message", channel, text; an (un)subscribe confirmation of ours needs nothing more.
    if (reply.type != RedisReply::Type::Array || reply.elements.size() != 3 ||
        reply.elements.at(0).text != "message" || !m_onMessage)
        return;
    m_onMessage(reply.elements.at(1).text, reply.elements.at(2).text); // last: may delete us
}

quint64 RedisConnection::issue(const QByteArrayList& args, int timeoutMs, Callback callback)
{
    const qint64 deadlineUs = m_clock.nowUs() + qint64(std::max(1, timeoutMs)) * 1000;
    return issueUntil(args, deadlineUs, std::move(callback));
}

quint64 RedisConnection::issueUntil(const QByteArrayList& args, qint64 deadlineUs,
                                    Callback callback)
{
    // A command that cannot be queued is failed later, never inside the caller's send().
    if (!m_context || args.isEmpty()) {
        failLater(std::move(callback), CommandResult::Status::Down, downText());
        return 0;
    }
    std::vector<const char*> argv;
    std::vector<size_t> argvlen;
    argv.reserve(size_t(args.size()));
    argvlen.reserve(size_t(args.size()));
    for (const QByteArray& arg : args) {
        argv.push_back(arg.constData());
        argvlen.push_back(size_t(arg.size()));
    }
    const quint64 id = m_nextId++;
    // hiredis copies the arguments into its output buffer; nothing is called back here.
    if (redisAsyncCommandArgv(m_context, &RedisConnection::onReply, toPrivdata(id),
                              int(argv.size()), argv.data(), argvlen.data()) != REDIS_OK) {
        failLater(std::move(callback), CommandResult::Status::Down,
                  QStringLiteral("node down: the command could not be queued"));
        return 0;
    }

    m_pending.emplace(id, Request{std::move(callback), m_clock.nowUs(), deadlineUs});
    // m_order keeps a subsequence of ids with rising deadlines (a sliding-window minimum:
    // replies come in send order), so its front is always the earliest deadline.
    while (!m_order.empty()) {
        const auto back = m_pending.find(m_order.back());
        if (back != m_pending.end() && back->second.deadlineUs < deadlineUs)
            break;
        m_order.pop_back();
    }
    m_order.push_back(id);
    m_peakPending = std::max(m_peakPending, int(m_pending.size()));
    // Lazy re-arming: only a sooner deadline moves the timer now; a later one is picked
    // up when the timer fires.
    if (m_armedDeadlineUs == 0 || deadlineUs < m_armedDeadlineUs)
        armDeadlineTimer();
    return id;
}

void RedisConnection::handleReply(quint64 id, const CommandResult& result)
{
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return; // failed already (timeout): a late answer belongs to nobody
    Request request = std::move(it->second);
    m_pending.erase(it);
    pruneOrder();

    CommandResult out = result;
    out.sentUs = request.sentUs;
    out.repliedUs = m_clock.nowUs();
    request.callback(out); // last: it may close or even delete this connection
}

void RedisConnection::failLater(Callback callback, CommandResult::Status status,
                                const QString& error)
{
    CommandResult result;
    result.status = status;
    result.error = error;
    result.sentUs = result.repliedUs = m_clock.nowUs(); // the refusal is known at once
    QMetaObject::invokeMethod(
        this, [callback = std::move(callback), result] { callback(result); }, Qt::QueuedConnection);
}

QString RedisConnection::downText() const
{
    if (!m_lastError.isEmpty())
        return QStringLiteral("node down: %1").arg(m_lastError);
    if (m_state == State::Resolving || m_state == State::Connecting)
        return QStringLiteral("node down: still connecting");
    return QStringLiteral("node down: not connected");
}

// ---------------------------------------------------------------------------------------
// Deadlines

void RedisConnection::pruneOrder()
{
    while (!m_order.empty() && m_pending.find(m_order.front()) == m_pending.end())
        m_order.pop_front();
}

void RedisConnection::armDeadlineTimer()
{
    pruneOrder();
    qint64 earliest = m_connectDeadlineUs;
    if (!m_order.empty()) {
        const qint64 due = m_pending.at(m_order.front()).deadlineUs;
        earliest = earliest == 0 ? due : std::min(earliest, due);
    }
    if (earliest == 0) {
        m_deadlineTimer.stop();
        m_armedDeadlineUs = 0;
        return;
    }
    const qint64 delayUs = std::max<qint64>(0, earliest - m_clock.nowUs());
    m_armedDeadlineUs = earliest;
    m_deadlineTimer.start(int((delayUs + 999) / 1000)); // never early: round up
}

void RedisConnection::onDeadline()
{
    m_armedDeadlineUs = 0;
    const qint64 now = m_clock.nowUs();
    if (m_connectDeadlineUs != 0 && now >= m_connectDeadlineUs) {
        connectTimedOut();
        return;
    }
    if (const std::optional<quint64> id = overdueCommand(now)) {
        // A reply already in the socket is an answer, not a timeout: read it first. The
        // thread may have been busy when it came (a burst of handshakes, a long turn of the
        // loop); calling that the node's silence would blame the node for our own delay.
        QPointer<RedisConnection> alive(this);
        m_adapter->readArrived(); // its callbacks may close, reconnect or delete us
        if (!alive)
            return;
        if (overdueCommand(now) == id) {
            commandTimedOut(*id);
            return;
        }
    }
    armDeadlineTimer();
}

// The command whose deadline has passed by `now`, if any (the earliest deadline is first).
std::optional<quint64> RedisConnection::overdueCommand(qint64 now)
{
    pruneOrder();
    if (m_state != State::Ready || m_order.empty() || !m_adapter)
        return std::nullopt;
    const quint64 id = m_order.front();
    if (m_pending.at(id).deadlineUs > now)
        return std::nullopt;
    return id;
}

void RedisConnection::connectTimedOut()
{
    const int ms = m_options.connectTimeoutMs;
    // A node that answered as Redis before and now says nothing is frozen or cut off, not
    // suddenly something else.
    const bool knownRedis = !m_serverVersion.isEmpty();
    const QString cut = m_silenceReason ? m_silenceReason() : QString();
    const QString error =
        !cut.isEmpty()    ? QStringLiteral("no answer within %1 ms: %2").arg(ms).arg(cut)
        : !m_tcpConnected ? ConnectError::timedOut(ms)
        : knownRedis
            ? QStringLiteral("no answer within %1 ms (frozen, overloaded or cut off)").arg(ms)
            : QStringLiteral("no answer from the node within %1 ms - is it a Redis server?")
                  .arg(ms);
    abortLookup();
    dropContext(error, CommandResult::Status::Down);
}

void RedisConnection::commandTimedOut(quint64 id)
{
    auto node = m_pending.extract(id);
    const Request& expired = node.mapped();
    const qint64 timeoutMs = (expired.deadlineUs - expired.sentUs + 999) / 1000;
    const QString cut = m_silenceReason ? m_silenceReason() : QString();
    const QString error = cut.isEmpty()
                              ? QStringLiteral("no reply within %1 ms").arg(timeoutMs)
                              : QStringLiteral("no reply within %1 ms: %2").arg(timeoutMs).arg(cut);

    // Freeing the context is the only way to abandon an in-flight hiredis command; every
    // other command on it is lost with it, and their late replies with the context.
    releaseContext(true);
    std::vector<Failure> failures;
    failures.push_back({std::move(node.mapped()), CommandResult::Status::Timeout, error});
    std::vector<Failure> others = takePending(
        CommandResult::Status::Timeout,
        QStringLiteral("abandoned: another command on this connection got %1").arg(error));
    std::move(others.begin(), others.end(), std::back_inserter(failures));

    m_lastError = error;
    QPointer<RedisConnection> alive(this);
    scheduleReconnect();
    if (alive)
        deliver(failures);
}

// ---------------------------------------------------------------------------------------
// Losing the context and reconnecting

// A NodeProxy between us and the node could not reach it: it says why in an error reply,
// then closes. That is the attempt failing, in the words of a direct attempt (ConnectError),
// not a reply to this command nor "closed the connection during the handshake". Usually the
// reply to the first handshake command; on a connection that was Ready it can only come
// from something that is not our proxy, and is treated the same way.
bool RedisConnection::failedByProxy(const RedisReply& reply)
{
    if (!reply.isError())
        return false;
    const QString reason = ConnectError::reasonInProxyReply(reply.text);
    if (reason.isEmpty())
        return false;
    // Inside a hiredis reply callback: the free is deferred until it returns. Every pending
    // request, this one included, fails as Down with the reason.
    dropContext(reason, CommandResult::Status::Down);
    return true;
}

QString RedisConnection::lossText(int err, const QString& detail) const
{
    // hiredis makes an error reply that came before any command into the context's error.
    if (QString reason = ConnectError::reasonInProxyReply(detail.toUtf8()); !reason.isEmpty())
        return reason;
    if (m_state == State::Connecting) {
        if (err == REDIS_ERR_PROTOCOL)
            return notRedisText(nullptr);
        if (err == REDIS_ERR_EOF)
            return QStringLiteral("the node closed the connection during the handshake");
        return QStringLiteral("connection lost during the handshake: %1").arg(lowerFirst(detail));
    }
    return QStringLiteral("connection lost: %1").arg(lowerFirst(detail));
}

void RedisConnection::releaseContext(bool freeIt)
{
    redisAsyncContext* context = std::exchange(m_context, nullptr);
    if (context) {
        // Detach first: the NULL-reply and disconnect callbacks hiredis runs while freeing
        // (now, or after the current callback returns) must find no owner.
        context->data = nullptr;
        if (freeIt)
            redisAsyncFree(context);
    }
    retireAdapter();
    m_subscriptions.clear(); // they lived in the context: a new one has none
    m_tcpConnected = false;
    m_handshakeId = 0;
}

void RedisConnection::retireAdapter()
{
    HiredisQtAdapter* adapter = std::exchange(m_adapter, nullptr);
    if (!adapter)
        return;
    if (adapter->isDispatching()) {
        // We are inside its notifier's activated(): a notifier may not be deleted there.
        // Parentless, so that deleting this connection meanwhile does not delete it either.
        adapter->setParent(nullptr);
        adapter->deleteLater();
    } else {
        delete adapter;
    }
}

std::vector<RedisConnection::Failure> RedisConnection::takePending(CommandResult::Status status,
                                                                   const QString& error)
{
    std::vector<quint64> ids;
    ids.reserve(m_pending.size());
    for (const auto& entry : m_pending)
        ids.push_back(entry.first);
    std::sort(ids.begin(), ids.end()); // fail them in the order they were sent
    std::vector<Failure> out;
    out.reserve(ids.size());
    for (const quint64 id : ids)
        out.push_back({std::move(m_pending.at(id)), status, error});
    m_pending.clear();
    m_order.clear();
    return out;
}

void RedisConnection::deliver(std::vector<Failure>& failures)
{
    QPointer<RedisConnection> alive(this);
    const qint64 now = m_clock.nowUs();
    for (Failure& failure : failures) {
        // A callback may delete this connection: the rest are then dropped, as the
        // destructor drops its pending requests.
        if (!alive)
            return;
        CommandResult result;
        result.status = failure.status;
        result.error = failure.error;
        result.sentUs = failure.request.sentUs;
        result.repliedUs = now;
        failure.request.callback(result);
    }
}

void RedisConnection::dropContext(const QString& why, CommandResult::Status pendingStatus)
{
    failAndReconnect(true, why, pendingStatus);
}

void RedisConnection::handleConnectFailure(const QString& error)
{
    // The context is gone already (never made, or being freed by hiredis).
    failAndReconnect(false, error, CommandResult::Status::Down);
}

// Fails what was in flight, then reconnects; the callbacks run last, because one of
// them may delete this connection.
void RedisConnection::failAndReconnect(bool freeContext, const QString& why,
                                       CommandResult::Status pendingStatus)
{
    releaseContext(freeContext);
    std::vector<Failure> failures = takePending(pendingStatus, why);
    m_lastError = why;
    QPointer<RedisConnection> alive(this);
    scheduleReconnect();
    if (alive)
        deliver(failures);
}

void RedisConnection::handleDisconnect(const QString& error)
{
    // hiredis frees the context itself (the caller detached it): fail what was in flight.
    std::vector<Failure> failures = takePending(CommandResult::Status::Down, error);
    m_lastError = error;
    QPointer<RedisConnection> alive(this);
    scheduleReconnect();
    if (alive)
        deliver(failures);
}

void RedisConnection::scheduleReconnect()
{
    m_connectDeadlineUs = 0;
    m_handshakeId = 0;
    armDeadlineTimer(); // nothing is pending any more: stops it
    if (!m_wantOpen || !m_options.autoReconnect) {
        setState(State::Disconnected, m_lastError);
        return;
    }
    const int initial = std::max(1, m_options.backoffInitialMs);
    const int cap = std::max(initial, m_options.backoffMaxMs);
    m_backoffMs = m_backoffMs == 0 ? initial : std::min(cap, m_backoffMs * 2);
    m_reconnectTimer.start(m_backoffMs);
    setState(State::Backoff, m_lastError);
}

void RedisConnection::setState(State state, const QString& error)
{
    // Always emitted, even for the same state: a new error (Backoff after Backoff, with
    // "connection refused" after "connection lost") is news for the node card too.
    m_state = state;
    m_lastError = error;
    emit stateChanged(state, error);
}
