// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/benchloop.h"

#include "control/enginecontroller.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

void BenchLoop::runFor(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

bool BenchLoop::start(EngineController& engine, int timeoutMs, QString* error)
{
    bool started = false;
    QString failure;
    const QMetaObject::Connection onStart =
        QObject::connect(&engine, &EngineController::started, &engine, [&] { started = true; });
    const QMetaObject::Connection onFail =
        QObject::connect(&engine, &EngineController::startFailed, &engine,
                         [&](const QString& why) { failure = why; });
    engine.start();
    QElapsedTimer clock;
    clock.start();
    while (!started && failure.isEmpty() && clock.elapsed() < timeoutMs)
        runFor(20);
    QObject::disconnect(onStart);
    QObject::disconnect(onFail);
    if (started)
        return true;
    *error = failure.isEmpty()
                 ? QStringLiteral("the engine did not start within %1 s").arg(timeoutMs / 1000)
                 : failure;
    return false;
}

void BenchLoop::addBuyers(EngineController& engine, qint64 stock, int clients)
{
    engine.execute(QStringLiteral("stock %1").arg(stock));
    for (int i = 0; i < clients; ++i)
        engine.execute(QStringLiteral("client add"));
}
