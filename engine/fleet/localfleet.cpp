// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/localfleet.h"

#include <QDir>
#include <QEventLoop>
#include <QTimer>

LocalFleet::LocalFleet(int count, const RedisServerProcess::Options& options, QObject* parent)
    : QObject(parent)
{
    for (int i = 0; i < count; ++i) {
        auto* node = new RedisServerProcess(options, this);
        connect(node, &RedisServerProcess::started, this, &LocalFleet::onNodeStarted);
        connect(node, &RedisServerProcess::failed, this,
                [this, i](const QString& error) { onNodeFailed(i, error); });
        m_nodes.append(node);
    }
}

LocalFleet::~LocalFleet()
{
    // Each node's destructor resumes, SIGKILLs and reaps its process synchronously; do it
    // here, explicitly, so no node signal reaches a half-destroyed fleet.
    for (RedisServerProcess* node : std::as_const(m_nodes))
        node->disconnect(this);
    qDeleteAll(m_nodes);
    m_nodes.clear();
}

void LocalFleet::start()
{
    // A run that was SIGKILLed left its nodes' directories behind (the nodes themselves
    // died with it): clear them before making new ones.
    RedisServerProcess::removeLeftoverDirectories(QDir::tempPath());
    m_startedCount = 0;
    m_failed = false;
    m_starting = true;
    if (m_nodes.isEmpty()) {
        QMetaObject::invokeMethod(
            this,
            [this] { onNodeFailed(-1, QStringLiteral("a local fleet needs at least one node")); },
            Qt::QueuedConnection);
        return;
    }
    for (RedisServerProcess* node : std::as_const(m_nodes))
        node->start(); // asynchronous: all nodes boot at the same time
    // Nodes that were already running emit nothing: count them on the next turn of the loop.
    QMetaObject::invokeMethod(this, &LocalFleet::onNodeStarted, Qt::QueuedConnection);
}

void LocalFleet::stop()
{
    m_starting = false;
    for (RedisServerProcess* node : std::as_const(m_nodes))
        node->shutdown(); // resumes a paused node before SIGTERM; SIGKILL after a grace period
}

bool LocalFleet::startAndWait(int timeoutMs, QString* error)
{
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    bool finished = false;
    bool ok = false;
    QString failure;
    connect(this, &LocalFleet::ready, &loop, [&] {
        finished = ok = true;
        loop.quit();
    });
    connect(this, &LocalFleet::failed, &loop, [&](const QString& message) {
        finished = true;
        failure = message;
        loop.quit();
    });
    connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    deadline.start(timeoutMs);
    start();
    if (!finished)
        loop.exec();
    if (ok)
        return true;
    if (!finished) {
        stop();
        failure = QStringLiteral("the local redis-server nodes did not start within %1 ms")
                      .arg(timeoutMs);
    }
    if (error)
        *error = failure;
    return false;
}

QList<NodeAddress> LocalFleet::addresses() const
{
    QList<NodeAddress> result;
    for (const RedisServerProcess* node : m_nodes)
        result.append(node->address());
    return result;
}

void LocalFleet::onNodeStarted()
{
    if (!m_starting)
        return;
    m_startedCount = 0;
    for (const RedisServerProcess* node : std::as_const(m_nodes))
        m_startedCount += node->state() == RedisServerProcess::State::Running ? 1 : 0;
    if (m_startedCount < count())
        return;
    m_starting = false;
    emit ready();
}

void LocalFleet::onNodeFailed(int index, const QString& error)
{
    if (!m_starting)
        return;
    m_starting = false;
    m_failed = true;
    stop();
    emit failed(index < 0 ? error : QStringLiteral("node %1: %2").arg(index + 1).arg(error));
}
