// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/nodeaddress.h"
#include "net/nodechannel.h"

#include <QObject>
#include <QTimer>
#include <deque>
#include <functional>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

struct redisAsyncContext;
class Clock;
class HiredisQtAdapter;

// One asynchronous hiredis connection to one node, living in the engine thread.
//
// hiredis 0.14 has no timeouts, so deadlines are ours: a connect deadline covers the host
// lookup (QHostInfo, asynchronous: hiredis's getaddrinfo() would block the thread), the
// TCP connect and the handshake (AUTH, SELECT, INFO server); each command has its own
// deadline. When a command misses its deadline the context is freed (the only way to
// abandon an in-flight command) and the connection reconnects with exponential backoff;
// every request pending on the freed context is failed as a timeout, and the replies that
// belonged to it can never reach a later request. While not Ready, send() fails at once
// as Down: nothing queues up behind a frozen or dead node.
class RedisConnection : public QObject, public NodeChannel
{
    Q_OBJECT

public:
    enum class State
    {
        Disconnected,
        Resolving,
        Connecting,
        Ready,
        Backoff
    };
    Q_ENUM(State)

    struct Options
    {
        int connectTimeoutMs = 1000;
        int backoffInitialMs = 100;
        int backoffMaxMs = 2000;
        bool autoReconnect = true;
    };

    explicit RedisConnection(const NodeAddress& address, QObject* parent = nullptr);
    RedisConnection(const NodeAddress& address, const Options& options, const Clock& clock,
                    QObject* parent = nullptr);
    // Pending requests are dropped WITHOUT calling their callbacks (their owners may be
    // half-destroyed by then); close() first to have them failed as Down.
    ~RedisConnection() override;

    void open();  // connect now (cancels a pending backoff)
    void close(); // drop the connection and stop reconnecting

    // NodeChannel. timeoutMs below 1 is taken as 1: every command has a deadline.
    void send(const QByteArrayList& args, int timeoutMs, Callback callback) override;
    bool isReady() const override { return m_state == State::Ready; }
    bool supportsSetNxGet() const override { return m_serverMajorVersion >= 7; }

    // Pub/sub, for a waiter's own connection (a subscribed context sends nothing else):
    // SUBSCRIBE `channel` under a deadline like any command; `confirmed` gets the node's
    // confirmation (an array "subscribe", channel, count) or the failure. From then on
    // send() is refused on this connection, and each message on the channel goes to the
    // message handler. A lost connection loses its subscriptions with its context: after a
    // reconnect the connection is a plain one again, and the owner subscribes anew.
    using MessageHandler = std::function<void(const QByteArray& channel, const QByteArray& text)>;
    void subscribe(const QByteArray& channel, int timeoutMs, Callback confirmed);
    void setMessageHandler(MessageHandler handler) { m_onMessage = std::move(handler); }
    bool isSubscribed() const { return !m_subscriptions.empty(); }

    State state() const { return m_state; }
    const NodeAddress& address() const { return m_address; }
    // The last error in words ("connection refused", "wrong password", ...); empty when fine.
    QString lastError() const { return m_lastError; }
    QString serverVersion() const { return m_serverVersion; }
    qint64 serverPid() const { return m_serverPid; }
    // Why the node may be silent on this route for a reason the app itself made (a partition
    // its proxy enforces): then a connect or a command that gets no answer says that, not a
    // guess about the node. Empty while nothing of the app cuts the route.
    using SilenceReason = std::function<QString()>;
    void setSilenceReason(SilenceReason reason) { m_silenceReason = std::move(reason); }
    // Requests sent and not yet answered (while connecting: the handshake's own, at most
    // three): bounded by design, watched by the benchmark.
    int pendingCount() const { return int(m_pending.size()); }
    int peakPendingCount() const { return m_peakPending; }
    void resetPeakPendingCount() { m_peakPending = int(m_pending.size()); }

signals:
    void stateChanged(RedisConnection::State state, const QString& error);

private:
    struct Request
    {
        Callback callback;
        qint64 sentUs = 0;
        qint64 deadlineUs = 0;
    };

    static void onConnected(const redisAsyncContext* context, int status);
    static void onDisconnected(const redisAsyncContext* context, int status);
    static void onReply(redisAsyncContext* context, void* reply, void* privdata);

    void startConnect(const QString& ip);
    void sendHandshake();
    void finishHandshake(const CommandResult& result);
    void handleReply(quint64 id, const CommandResult& result);
    void handleMessage(const RedisReply& reply);
    bool failedByProxy(const RedisReply& reply);
    void handleConnectFailure(const QString& error);
    void failAndReconnect(bool freeContext, const QString& why,
                          CommandResult::Status pendingStatus);
    void handleDisconnect(const QString& error);
    void onDeadline();
    void armDeadlineTimer();
    void dropContext(const QString& why, CommandResult::Status pendingStatus);
    void scheduleReconnect();
    void setState(State state, const QString& error = {});
    void failLater(Callback callback, CommandResult::Status status, const QString& error);
    quint64 issue(const QByteArrayList& args, int timeoutMs, Callback callback);

    struct Failure
    {
        Request request;
        CommandResult::Status status;
        QString error;
    };

    void startAttempt();
    void onLookupDone(int lookupId, const QString& error, const QString& ip);
    void abortLookup();
    quint64 issueUntil(const QByteArrayList& args, qint64 deadlineUs, Callback callback);
    void handshakeStep(const CommandResult& result, const QByteArray& command);
    void failHandshake(const QString& error);
    void connectTimedOut();
    void commandTimedOut(quint64 id);
    std::optional<quint64> overdueCommand(qint64 now);
    void releaseContext(bool freeIt);
    void retireAdapter();
    void pruneOrder();
    std::vector<Failure> takePending(CommandResult::Status status, const QString& error);
    void deliver(std::vector<Failure>& failures);
    QString lossText(int err, const QString& detail) const;
    QString notRedisText(const RedisReply* reply) const;
    QString downText() const;
    static RedisConnection* owner(const redisAsyncContext* context);

    NodeAddress m_address;
    Options m_options;
    const Clock& m_clock;
    State m_state = State::Disconnected;
    QString m_lastError;
    QString m_serverVersion;
    SilenceReason m_silenceReason;
    int m_serverMajorVersion = 0;
    qint64 m_serverPid = 0;

    redisAsyncContext* m_context = nullptr;
    HiredisQtAdapter* m_adapter = nullptr;
    int m_lookupId = -1;
    quint64 m_nextId = 1;
    quint64 m_handshakeId = 0;      // the INFO of the running handshake, 0 when none
    qint64 m_connectDeadlineUs = 0; // non-zero while an attempt (lookup..handshake) runs
    qint64 m_armedDeadlineUs = 0;   // what m_deadlineTimer is set for, 0 when idle
    bool m_tcpConnected = false;    // the attempt got past the TCP connect
    bool m_wantOpen = false;        // open() until close(): reconnect after failures
    std::unordered_map<quint64, Request> m_pending;
    // Ids in send order with rising deadlines (a sliding-window minimum; replies come in
    // send order): the front is always the earliest deadline of all pending requests.
    std::deque<quint64> m_order;
    int m_peakPending = 0;
    // The SUBSCRIBE requests of the current context: hiredis calls their callback (with the
    // same privdata id) for the confirmation, then for every message on the channel.
    std::unordered_set<quint64> m_subscriptions;
    MessageHandler m_onMessage;
    int m_backoffMs = 0;
    QTimer m_deadlineTimer;
    QTimer m_reconnectTimer;
};
