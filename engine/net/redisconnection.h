// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/nodeaddress.h"
#include "net/gatedlink.h"
#include "net/nodechannel.h"

#include <QObject>
#include <QPointer>
#include <QTimer>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

class Clock;
class FaultGate;
class HostLookup;
class NodeStream;
class RespReader;

// One asynchronous connection to one node, living in the engine thread: the app's own socket
// (NodeStream) under hiredis's reply reader, the commands written in RESP by the app.
//
// Deadlines are ours: a connect deadline covers the host lookup (HostLookup, asynchronous: a
// getaddrinfo() would block the thread), the TCP connect and the handshake (AUTH, SELECT,
// INFO server); each command has its own deadline. When a command misses its deadline the
// socket is closed and the connection reconnects with exponential backoff; every request
// pending on it is failed as a timeout, and the replies that belonged to it can never reach a
// later request. While not Ready, send() fails at once as Down: nothing queues up behind a
// frozen or dead node.
//
// A simulated client's connection goes through its node's FaultGate (setGate()): the node's
// network faults act on its commands and replies right here (GatedLink).
class RedisConnection : public QObject, public NodeChannel, private GatedLink::Ends
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
    // A command as Redis reads it: an array of bulk strings (also what a test sends by hand).
    static QByteArray encode(const QByteArrayList& args);
    RedisConnection(const NodeAddress& address, const Options& options, const Clock& clock,
                    QObject* parent = nullptr);
    // Pending requests are dropped WITHOUT calling their callbacks (their owners may be
    // half-destroyed by then); close() first to have them failed as Down.
    ~RedisConnection() override;

    // From the next connect on, commands and replies pass `gate` as client `clientId`'s.
    void setGate(FaultGate* gate, int clientId);

    void open();  // connect now (cancels a pending backoff)
    void close(); // drop the connection and stop reconnecting

    // NodeChannel. timeoutMs below 1 is taken as 1: every command has a deadline.
    void send(const QByteArrayList& args, int timeoutMs, Callback callback) override;
    bool isReady() const override { return m_state == State::Ready; }
    bool supportsSetNxGet() const override { return m_serverMajorVersion >= 7; }

    // Pub/sub, for a waiter's own connection (a subscribed connection sends nothing else):
    // SUBSCRIBE `channel` under a deadline like any command; `confirmed` gets the node's
    // confirmation (an array "subscribe", channel, count) or the failure. From then on
    // send() is refused on this connection, and each message on the channel goes to the
    // message handler. A lost connection loses its subscriptions with its socket: after a
    // reconnect the connection is a plain one again, and the owner subscribes anew.
    using MessageHandler = std::function<void(const QByteArray& channel, const QByteArray& text)>;
    void subscribe(const QByteArray& channel, int timeoutMs, Callback confirmed);
    void setMessageHandler(MessageHandler handler) { m_onMessage = std::move(handler); }
    bool isSubscribed() const { return m_subscribing; }

    State state() const { return m_state; }
    const NodeAddress& address() const { return m_address; }
    // The last error in words ("connection refused", "wrong password", ...); empty when fine.
    QString lastError() const { return m_lastError; }
    // The last connect failed because the node refused our TLS set-up, proved by the
    // handshake (NodeStream::Ending::TlsRefused): a certificate, ours wanted or refused, an
    // answer that is not TLS. A guess in lastError()'s words ("is it a TLS port?") is not.
    bool tlsRefused() const { return m_tlsRefused; }
    QString serverVersion() const { return m_serverVersion; }
    qint64 serverPid() const { return m_serverPid; }
    // Why the node may be silent on this route for a reason the app itself made (a partition
    // its gate or proxy enforces): then a connect or a command that gets no answer says that, not a
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

    // GatedLink::Ends
    void toNode(const std::vector<GatedCommand>& commands) override;
    void toClient(quint64 id, const RedisReply& reply) override;

    void startConnect(const QString& ip);
    void onStreamConnected();
    void onStreamEnded(int how, const QString& detail);
    void onReceived(const char* data, qsizetype size);
    bool takeReply(const RedisReply& reply);
    void writeCommands(std::vector<GatedCommand> commands);
    void sendHandshake();
    void finishHandshake(const CommandResult& result);
    void handleReply(quint64 id, const CommandResult& result);
    void handleMessage(const RedisReply& reply);
    bool failedByProxy(const RedisReply& reply);
    void handleConnectFailure(const QString& error);
    void failAndReconnect(const QString& why, CommandResult::Status pendingStatus);
    void handleDisconnect(const QString& error);
    void onDeadline();
    void armDeadlineTimer();
    void dropSocket(const QString& why, CommandResult::Status pendingStatus);
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
    void onLookupDone(const QString& error, const QString& ip);
    void abortLookup();
    quint64 issueUntil(const QByteArrayList& args, qint64 deadlineUs, Callback callback);
    void handshakeStep(const CommandResult& result, const QByteArray& command);
    void failHandshake(const QString& error);
    void connectTimedOut();
    void commandTimedOut(quint64 id);
    std::optional<quint64> overdueCommand(qint64 now);
    void releaseSocket();
    void pruneOrder();
    std::vector<Failure> takePending(CommandResult::Status status, const QString& error);
    void deliver(std::vector<Failure>& failures);
    QString lossText(int how, const QString& detail) const;
    QString notRedisText(const RedisReply* reply) const;
    QString downText() const;

    NodeAddress m_address;
    Options m_options;
    const Clock& m_clock;
    State m_state = State::Disconnected;
    QString m_lastError;
    bool m_tlsRefused = false; // this attempt's connect failed on a TLS proof
    QString m_serverVersion;
    SilenceReason m_silenceReason;
    int m_serverMajorVersion = 0;
    qint64 m_serverPid = 0;

    // The current attempt's socket and what reads its replies; m_linked is true from the
    // connect until the connection is lost or dropped (also for a connection a partition cut
    // off from the start, which has no socket: it reaches nothing).
    NodeStream* m_stream = nullptr;
    std::unique_ptr<RespReader> m_reader;
    std::unique_ptr<GatedLink> m_link;
    bool m_linked = false;
    quint64 m_attempt = 0; // counts connects, so a late event of an earlier one is ignored
    QPointer<FaultGate> m_gate;
    int m_gateClient = 0;
    // Commands that went to the node, in order: its replies answer them in that order.
    std::deque<quint64> m_wire;
    // While the handshake's commands are issued: gathered, and written as one chunk.
    bool m_corked = false;
    std::vector<GatedCommand> m_cork;
    // The first bytes the node sent, kept until the handshake ends: what answered, should it
    // turn out not to be Redis ("HTTP/1.1 400 Bad Request" says more than a parser's error).
    QByteArray m_firstBytes;
    std::unique_ptr<HostLookup> m_lookup; // while Resolving
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
    // A SUBSCRIBE was sent on this socket: from then on a "message" array is a message on a
    // channel, not a reply.
    bool m_subscribing = false;
    MessageHandler m_onMessage;
    int m_backoffMs = 0;
    QTimer m_deadlineTimer;
    QTimer m_reconnectTimer;
};
