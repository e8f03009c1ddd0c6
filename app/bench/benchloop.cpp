// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/benchloop.h"

#include "base/hardstop.h"
#include "base/outputfile.h"
#include "control/enginecontroller.h"
#include "interruption.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QTimer>

bool BenchLoop::interrupted()
{
    return Interruption::instance().isRequested();
}

QString BenchLoop::interruptedBy()
{
    return QStringLiteral("interrupted by %1").arg(Interruption::instance().signalName());
}

bool BenchLoop::runFor(int ms)
{
    if (interrupted())
        return false;
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    QObject::connect(&Interruption::instance(), &Interruption::requested, &loop, &QEventLoop::quit);
    loop.exec();
    return !interrupted();
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
    while (!started && failure.isEmpty() && clock.elapsed() < timeoutMs && !interrupted())
        runFor(20);
    QObject::disconnect(onStart);
    QObject::disconnect(onFail);
    if (started && !interrupted())
        return true;
    if (interrupted())
        *error = interruptedBy();
    else
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

void BenchLoop::keepReportIfCut(const QString& jsonPath, QJsonObject report)
{
    if (jsonPath.isEmpty())
        return;
    report.insert(QStringLiteral("interrupted"), true);
    report.insert(QStringLiteral("pass"), false);
    report.insert(QStringLiteral("stopped_at_once"), true); // by the deadline after the signal
    HardStop::setLastWords(jsonPath, QJsonDocument(report).toJson());
}

bool BenchLoop::saveReport(const QString& jsonPath, const QJsonObject& report, QString* error)
{
    if (jsonPath.isEmpty())
        return true;
    const bool saved = OutputFile::save(jsonPath, QJsonDocument(report).toJson(), error);
    HardStop::forgetLastWords(jsonPath); // written, or said why not: not overwritten later
    return saved;
}
