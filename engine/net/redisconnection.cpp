// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/redisconnection.h"

#include "base/logcategories.h"
#include "base/steadyclock.h"
#include "model/aclrefusal.h"
#include "net/connecterror.h"
#include "net/faultgate.h"
#include "net/hostlookup.h"
#include "net/respreader.h"
#include "net/socketstream.h"
#include "net/tlsstream.h"

#include <QHostAddress>
#include <QHostInfo>
#include <QThread>
#include <algorithm>
#include <utility>

// How replies find their request: every command that went to the node is in m_wire, in the
// order it was written; the node answers in that order, so each reply answers m_wire's front.
// A command the gate lost never went (no reply will come: its deadline fails it). Requests
// are kept by id, never by pointer, and a socket given up on takes its m_wire and reader with
// it: a late reply can never reach a later request. Callbacks may close, reopen or delete
// the connection, so after each one the code checks that it and the same attempt still live.

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

// Commands that break "one command, one reply" (the node answers them with a stream of
// messages) are refused with an error reply instead of being sent; subscribe() is the way in.
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

bool isMessage(const RedisReply& reply)
{
    return reply.type == RedisReply::Type::Array && reply.elements.size() == 3 &&
           reply.elements.at(0).text == "message";
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
    releaseSocket();
}

void RedisConnection::setGate(FaultGate* gate, int clientId)
{
    m_gate = gate;
    m_gateClient = clientId;
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
    if (m_state == State::Disconnected && !m_linked && m_pending.empty())
        return;
    // With m_wantOpen false, dropSocket ends in Disconnected instead of Backoff.
    dropSocket(QStringLiteral("connection closed"), CommandResult::Status::Down);
}

void RedisConnection::startAttempt()
{
    abortLookup();
    releaseSocket(); // nothing normally: every failure path has let go already
    m_tcpConnected = false;
    m_connectDeadlineUs = m_clock.nowUs() + qint64(std::max(1, m_options.connectTimeoutMs)) * 1000;
    armDeadlineTimer();

    // An address literal needs no lookup; a name is looked up in a thread of its own
    // (HostLookup), because getaddrinfo() would block the engine thread.
    if (m_address.isLocalSocket()) {
        startConnect(m_address.host);
        return;
    }
    QHostAddress literal;
    if (literal.setAddress(m_address.host)) {
        startConnect(literal.toString());
        return;
    }
    m_lookup = std::make_unique<HostLookup>(m_address.host, this, [this](const QHostInfo& info) {
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
        onLookupDone(error, ip);
    });
    setState(State::Resolving, m_lastError);
}

void RedisConnection::onLookupDone(const QString& error, const QString& ip)
{
    m_lookup.reset(); // its last call: a lookup we gave up on was cancelled and never calls
    if (m_state != State::Resolving)
        return;
    if (!error.isEmpty()) {
        handleConnectFailure(error);
        return;
    }
    startConnect(ip);
}

void RedisConnection::abortLookup()
{
    m_lookup.reset(); // cancels it: its answer, if it comes, goes nowhere
}

// `ip`: an address literal, or a local socket's path (NodeAddress::isLocalSocket).
void RedisConnection::startConnect(const QString& ip)
{
    const quint64 attempt = ++m_attempt;
    m_tlsRefused = false;
    m_reader = std::make_unique<RespReader>(RespReader::Bulks::Whole); // the caller asked for it
    m_firstBytes.clear();
    m_linked = true;
    if (m_gate)
        m_link =
            std::make_unique<GatedLink>(m_gate, m_gateClient, static_cast<GatedLink::Ends*>(this));
    if (m_link && m_link->isCut()) {
        // Cut off: the kernel would still complete a TCP handshake (it did with the proxy in
        // between), and nothing the client sends gets through. No socket, then: the
        // handshake is lost in the gate and the connect deadline ends the attempt.
        QMetaObject::invokeMethod(
            this,
            [this, attempt] {
                if (attempt == m_attempt && m_linked)
                    onStreamConnected();
            },
            Qt::QueuedConnection);
    } else {
        // Parentless: see releaseSocket(). TLS checks the name the user wrote, not the
        // address it resolved to.
        NodeStream* stream =
            m_address.tls && !m_address.isLocalSocket()
                ? static_cast<NodeStream*>(new TlsStream(m_address.tlsSettings, m_address.host))
                : new SocketStream();
        m_stream = stream;
        connect(stream, &NodeStream::connected, this, &RedisConnection::onStreamConnected);
        connect(stream, &NodeStream::received, this, &RedisConnection::onReceived);
        connect(stream, &NodeStream::ended, this,
                [this](NodeStream::Ending how, const QString& detail) {
                    onStreamEnded(int(how), detail);
                });
        stream->connectTo(ip, m_address.isLocalSocket() ? 0 : m_address.port);
    }
    setState(State::Connecting, m_lastError);
}

// ---------------------------------------------------------------------------------------
// The socket's events

void RedisConnection::onStreamConnected()
{
    m_tcpConnected = true;
    sendHandshake();
}

void RedisConnection::onStreamEnded(int how, const QString& detail)
{
    const auto ending = NodeStream::Ending(how);
    if (ending == NodeStream::Ending::ConnectFailed || ending == NodeStream::Ending::TlsRefused) {
        releaseSocket();
        m_tlsRefused = ending == NodeStream::Ending::TlsRefused;
        handleConnectFailure(lowerFirst(detail));
        return;
    }
    const QString error = lossText(how, detail);
    releaseSocket();
    handleDisconnect(error);
}

void RedisConnection::onReceived(const char* data, qsizetype size)
{
    if (m_state == State::Connecting && m_firstBytes.size() < 128)
        m_firstBytes.append(data, std::min<qsizetype>(size, 128 - m_firstBytes.size()));
    m_reader->feed(data, size);
    const quint64 attempt = m_attempt;
    QPointer<RedisConnection> alive(this);
    while (alive && attempt == m_attempt && m_reader) {
        std::optional<RedisReply> reply = m_reader->next();
        if (!reply) {
            if (m_reader->isBroken()) { // not RESP: what answered is not (or no longer) Redis
                const QString error = lossText(-1, m_reader->error());
                releaseSocket();
                handleDisconnect(error);
            }
            return;
        }
        if (!takeReply(*reply))
            return;
    }
}

// One reply off the socket; false when the attempt ended with it.
bool RedisConnection::takeReply(const RedisReply& reply)
{
    if (failedByProxy(reply))
        return false;
    if (m_subscribing && isMessage(reply)) {
        handleMessage(reply);
        return true;
    }
    if (m_wire.empty())
        return true; // an answer to nothing we sent: a node does not do that; nothing to tell
    const quint64 id = m_wire.front();
    m_wire.pop_front();
    if (m_link)
        m_link->receive(id, reply);
    else
        toClient(id, reply);
    return true;
}

void RedisConnection::toClient(quint64 id, const RedisReply& reply)
{
    CommandResult result;
    result.status = CommandResult::Status::Replied;
    result.reply = reply;
    handleReply(id, result);
}

void RedisConnection::toNode(const std::vector<GatedCommand>& commands)
{
    if (!m_stream)
        return; // a connection cut off from the start reaches nothing, even once healed
    if (commands.size() == 1) {
        m_wire.push_back(commands.front().id);
        m_stream->write(commands.front().bytes.constData(), commands.front().bytes.size());
        return;
    }
    QByteArray chunk;
    for (const GatedCommand& command : commands) {
        m_wire.push_back(command.id);
        chunk += command.bytes;
    }
    m_stream->write(chunk.constData(), chunk.size());
}

void RedisConnection::writeCommands(std::vector<GatedCommand> commands)
{
    if (m_link)
        m_link->send(std::move(commands));
    else
        toNode(commands);
}

// ---------------------------------------------------------------------------------------
// Handshake: AUTH, SELECT and INFO pipelined in one write, under the connect deadline

void RedisConnection::sendHandshake()
{
    // One chunk, as one write: through a gate, one delay for all of it.
    m_corked = true;
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
    m_corked = false;
    writeCommands(std::exchange(m_cork, {}));
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
        else if (const QString acl = AclRefusal::words(QString::fromUtf8(reply.text));
                 !acl.isEmpty()) // a least-privilege user without +info (docs/tls.md)
            failHandshake(QStringLiteral("the node refused the connection: %1").arg(acl));
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
    m_firstBytes.clear();
    setState(State::Ready);
}

void RedisConnection::failHandshake(const QString& error)
{
    dropSocket(error, CommandResult::Status::Down);
}

QString RedisConnection::notRedisText(const RedisReply* reply) const
{
    QString answer = printable(m_firstBytes);
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
    if (m_state != State::Ready || !m_linked) {
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
    if (m_state != State::Ready || !m_linked) {
        failLater(std::move(confirmed), CommandResult::Status::Down, downText());
        return;
    }
    m_subscribing = true;
    issue({QByteArrayLiteral("SUBSCRIBE"), channel}, timeoutMs, std::move(confirmed));
}

void RedisConnection::handleMessage(const RedisReply& reply)
{
    if (!m_onMessage)
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
    // A command that cannot be sent is failed later, never inside the caller's send().
    if (!m_linked || args.isEmpty()) {
        failLater(std::move(callback), CommandResult::Status::Down, downText());
        return 0;
    }
    const quint64 id = m_nextId++;
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
    // Written now (a stream never calls back inside a write); the handshake's as one chunk.
    GatedCommand command{id, encode(args)};
    if (m_corked)
        m_cork.push_back(std::move(command));
    else
        writeCommands({std::move(command)});
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
        if (m_stream)
            m_stream->readNow(); // the callbacks of what it read may close, reconnect or delete us
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
    if (m_state != State::Ready || m_order.empty() || !m_linked)
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
    const QString stall = m_stream ? m_stream->stallReason() : QString();
    const QString error =
        !cut.isEmpty()     ? QStringLiteral("no answer within %1 ms: %2").arg(ms).arg(cut)
        : !stall.isEmpty() ? QStringLiteral("timed out after %1 ms: %2").arg(ms).arg(stall)
        : !m_tcpConnected  ? ConnectError::timedOut(ms)
        : knownRedis
            ? QStringLiteral("no answer within %1 ms (frozen, overloaded or cut off)").arg(ms)
            : QStringLiteral("no answer from the node within %1 ms - is it a Redis server?")
                  .arg(ms);
    abortLookup();
    dropSocket(error, CommandResult::Status::Down);
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

    // Closing the socket abandons the command; every other command on it is lost with it,
    // and their late replies with the socket.
    releaseSocket();
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
// Losing the socket and reconnecting

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
    // Every pending request, this one included, fails as Down with the reason.
    dropSocket(reason, CommandResult::Status::Down);
    return true;
}

// `how`: a NodeStream::Ending, or -1 for a stream that is not RESP (the reader's error).
QString RedisConnection::lossText(int how, const QString& detail) const
{
    if (m_state == State::Connecting) {
        if (how < 0)
            return notRedisText(nullptr);
        // A TLS port drops a plain client's first bytes at once (closed or reset): say so.
        const QString hint =
            m_address.tls || m_address.isLocalSocket() ? QString() : ConnectError::tlsPortHint();
        if (NodeStream::Ending(how) == NodeStream::Ending::Closed)
            return QStringLiteral("the node closed the connection during the handshake") + hint;
        return QStringLiteral("connection lost during the handshake: %1").arg(lowerFirst(detail)) +
               hint;
    }
    return QStringLiteral("connection lost: %1").arg(lowerFirst(detail));
}

// Lets go of the attempt's socket (closed at once: the node sees it go) and of everything
// that belonged to it: its reader, its gate link, the commands on its wire.
void RedisConnection::releaseSocket()
{
    ++m_attempt;
    m_linked = false;
    if (NodeStream* stream = std::exchange(m_stream, nullptr)) {
        stream->disconnect(this);
        stream->close();
        // We may be inside one of its signals: it is deleted once that returned.
        if (stream->isDispatching())
            stream->deleteLater();
        else
            delete stream;
    }
    m_reader.reset();
    m_link.reset();
    m_wire.clear();
    m_cork.clear();
    m_corked = false;
    m_subscribing = false; // they lived on the socket: a new one has none
    m_tcpConnected = false;
    m_handshakeId = 0;
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

void RedisConnection::dropSocket(const QString& why, CommandResult::Status pendingStatus)
{
    failAndReconnect(why, pendingStatus);
}

void RedisConnection::handleConnectFailure(const QString& error)
{
    failAndReconnect(error, CommandResult::Status::Down);
}

// Fails what was in flight, then reconnects; the callbacks run last, because one of
// them may delete this connection.
void RedisConnection::failAndReconnect(const QString& why, CommandResult::Status pendingStatus)
{
    releaseSocket();
    std::vector<Failure> failures = takePending(pendingStatus, why);
    m_lastError = why;
    QPointer<RedisConnection> alive(this);
    scheduleReconnect();
    if (alive)
        deliver(failures);
}

void RedisConnection::handleDisconnect(const QString& error)
{
    // The socket is gone already (the caller let go of it): fail what was in flight.
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
    qCDebug(lcNet).noquote() << m_address.display() << state << error;
    m_state = state;
    m_lastError = error;
    emit stateChanged(state, error);
}

QByteArray RedisConnection::encode(const QByteArrayList& args)
{
    qsizetype size = 16;
    for (const QByteArray& arg : args)
        size += arg.size() + 16;
    QByteArray out;
    out.reserve(size);
    out += '*';
    out += QByteArray::number(args.size());
    out += "\r\n";
    for (const QByteArray& arg : args) {
        out += '$';
        out += QByteArray::number(arg.size());
        out += "\r\n";
        out += arg;
        out += "\r\n";
    }
    return out;
}
