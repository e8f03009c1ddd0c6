// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/nodeadmin.h"

#include "model/aclrefusal.h"
#include "net/redisconnection.h"

#include <QTimer>

namespace {
constexpr int AdminTimeoutMs = 1000;
} // namespace

NodeAdmin::NodeAdmin(int index, RedisConnection* connection, QObject* parent)
    : QObject(parent), m_index(index), m_connection(connection)
{}

void NodeAdmin::send(const QByteArrayList& command, const QString& what, const AnswerCallback& done,
                     std::function<void()> onSuccess)
{
    using S = RedisConnection::State;
    const S state = m_connection->state();
    if (state == S::Ready) {
        sendNow(command, what, done, onSuccess);
        return;
    }
    if (state == S::Disconnected) {
        done(CommandAnswer::refused(tr("node %1 cannot be reached for %2: %3")
                                        .arg(m_index + 1)
                                        .arg(what, m_connection->lastError())));
        return;
    }
    // Connecting or backing off: wait for Ready, or give up after the admin timeout.
    auto* waiter = new QObject(this);
    auto finish = [this, waiter, command, what, done, onSuccess](bool ready) {
        waiter->deleteLater();
        if (ready)
            sendNow(command, what, done, onSuccess);
        else
            done(CommandAnswer::refused(tr("node %1 cannot be reached for %2: %3")
                                            .arg(m_index + 1)
                                            .arg(what, m_connection->lastError())));
    };
    auto once = std::make_shared<bool>(false);
    connect(m_connection, &RedisConnection::stateChanged, waiter,
            [finish, once](RedisConnection::State s) {
                if (s == RedisConnection::State::Ready && !std::exchange(*once, true))
                    finish(true);
            });
    QTimer::singleShot(AdminTimeoutMs, waiter, [finish, once] {
        if (!std::exchange(*once, true))
            finish(false);
    });
}

void NodeAdmin::sendNow(const QByteArrayList& command, const QString& what,
                        const AnswerCallback& done, const std::function<void()>& onSuccess)
{
    const bool isShutdown = command.first() == "SHUTDOWN";
    m_connection->send(
        command, AdminTimeoutMs,
        [this, what, done, onSuccess, isShutdown](const CommandResult& result) {
            const bool replied = result.status == CommandResult::Status::Replied;
            // SHUTDOWN answers nothing when it works: the connection just closes.
            const bool ok = isShutdown ? !(replied && result.reply.isError())
                                       : replied && !result.reply.isError();
            if (!ok) {
                const QString said = replied ? QString::fromUtf8(result.reply.text) : result.error;
                // A least-privilege user (docs/tls.md): the permission it lacks, in words.
                const QString acl = AclRefusal::words(said);
                const QString why = acl.isEmpty() ? said : acl;
                done(CommandAnswer::refused(
                    tr("node %1 refused %2: %3").arg(m_index + 1).arg(what, why)));
                return;
            }
            if (onSuccess)
                onSuccess();
            done(CommandAnswer::done(tr("node %1: %2 done").arg(m_index + 1).arg(what)));
        });
}
