// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/noderedlockscript.h"

#include "base/outputfile.h"
#include "bench/benchloop.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>

namespace {
const char* const SetupScript = "scripts/node-redlock/setup.sh";
constexpr int ExtraMs = 15000; // connecting, the warm-up's end, quitting: more than enough
constexpr int KillWaitMs = 2000;

// The version a module's package.json names, or "" when it is not installed.
QString moduleVersion(const QString& dir, const QString& module)
{
    QFile f(QDir(dir).filePath(QStringLiteral("node_modules/%1/package.json").arg(module)));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QString version = QJsonDocument::fromJson(f.readAll())[QLatin1String("version")].toString();
    if (version.startsWith(QLatin1Char('v')))
        version.remove(0, 1); // redlock 5.0.0-beta.2 says "v5.0.0-beta.2"
    return version;
}

QString nodeVersion(const QString& node)
{
    QProcess p;
    p.start(node, {QStringLiteral("--version")});
    if (!p.waitForFinished(5000)) {
        p.kill();
        p.waitForFinished(KillWaitMs);
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

// Node prints a stack; its "Error: ..." line says what happened.
QString firstError(const QByteArray& stderrText)
{
    const QList<QByteArray> lines = stderrText.trimmed().split('\n');
    for (const QByteArray& line : lines)
        if (line.trimmed().startsWith("Error") || line.contains("] Unhandled error"))
            return QString::fromUtf8(line.trimmed());
    return QString::fromUtf8(lines.last().trimmed());
}

QString addresses(const QList<NodeAddress>& nodes)
{
    QStringList list;
    for (const NodeAddress& n : nodes)
        list << QStringLiteral("%1:%2").arg(n.host).arg(n.port);
    return list.join(QLatin1Char(','));
}
} // namespace

const QByteArray NodeRedlockScript::Resource = "stock-lock";

QString NodeRedlockScript::moduleDir()
{
    QString given = qEnvironmentVariable("REDLOCK_NODE_REDLOCK_DIR");
    if (!given.isEmpty())
        return given;
    return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
           QStringLiteral("/redlockscope/node-redlock");
}

NodeRedlockScript::NodeRedlockScript()
    : m_node(QStandardPaths::findExecutable(QStringLiteral("node"))), m_dir(moduleDir())
{
    if (m_node.isEmpty()) {
        m_unavailable = QStringLiteral("node not found");
        return;
    }
    const QString redlock = moduleVersion(m_dir, QStringLiteral("redlock"));
    const QString ioredis = moduleVersion(m_dir, QStringLiteral("ioredis"));
    if (redlock.isEmpty() || ioredis.isEmpty()) {
        m_unavailable =
            QStringLiteral("module not installed in %1 (run %2)").arg(m_dir, SetupScript);
        return;
    }
    m_versions = QStringLiteral("node %1, redlock %2, ioredis %3")
                     .arg(nodeVersion(m_node), redlock, ioredis);
}

// The script the app was built with, so that a run never uses a stale copy.
bool NodeRedlockScript::writeScript(QString* error) const
{
    QFile script(QStringLiteral(":/node-redlock/bench.mjs"));
    if (!script.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("the script is not in the app (a build error)");
        return false;
    }
    return OutputFile::save(QDir(m_dir).filePath(QStringLiteral("bench.mjs")), script.readAll(),
                            error);
}

bool NodeRedlockScript::run(const Run& run, Result* result, QString* error) const
{
    if (!m_unavailable.isEmpty()) {
        *error = m_unavailable;
        return false;
    }
    if (!writeScript(error))
        return false;
    QProcess p;
    p.setWorkingDirectory(m_dir);
    p.start(m_node, {QStringLiteral("bench.mjs"), addresses(run.nodes), addresses({run.storage}),
                     QString::number(run.seconds), QString::number(run.workers),
                     QString::number(run.warmUpMs), QString::number(run.stock),
                     run.flushScripts ? QStringLiteral("flush-scripts") : QStringLiteral("keep")});
    const int budgetMs = int(run.seconds * 1000) + run.warmUpMs + ExtraMs;
    QElapsedTimer clock;
    clock.start();
    while (p.state() != QProcess::NotRunning && clock.elapsed() < budgetMs &&
           BenchLoop::runFor(20)) {
    }
    if (p.state() != QProcess::NotRunning) {
        p.kill(); // our own child, by its pid
        p.waitForFinished(KillWaitMs);
        *error =
            BenchLoop::interrupted()
                ? BenchLoop::interruptedBy()
                : QStringLiteral("node-redlock did not finish within %1 s").arg(budgetMs / 1000);
        return false;
    }
    const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
    const QJsonObject o = QJsonDocument::fromJson(lines.last()).object();
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0 || o.isEmpty()) {
        *error = QStringLiteral("node-redlock failed (exit %1): %2")
                     .arg(p.exitCode())
                     .arg(firstError(p.readAllStandardError()));
        return false;
    }
    result->acquisitions = o[QLatin1String("acquisitions")].toInteger();
    result->failures = o[QLatin1String("failures")].toInteger();
    result->seconds = o[QLatin1String("seconds")].toDouble();
    result->perSecond = o[QLatin1String("perSecond")].toDouble();
    result->stockBefore = o[QLatin1String("stockBefore")].toInteger();
    result->stockAfter = o[QLatin1String("stockAfter")].toInteger();
    result->purchases = o[QLatin1String("purchases")].toInteger();
    result->errors = o[QLatin1String("errors")].toInteger();
    result->connectionErrors = o[QLatin1String("connectionErrors")].toInteger();
    result->nodeErrors = o[QLatin1String("nodeErrors")].toInteger();
    result->heldBefore = o[QLatin1String("heldBefore")].toInt();
    result->heldForMs = o[QLatin1String("heldForMs")].toInteger();
    result->firstError = o[QLatin1String("firstError")].toString();
    result->longestStallMs = o[QLatin1String("longestStallMs")].toInteger();
    result->keptMinority = o[QLatin1String("keptMinority")].toInteger();
    return true;
}

QJsonObject NodeRedlockScript::Result::toJson() const
{
    return {{QStringLiteral("acquisitions"), acquisitions},
            {QStringLiteral("failures"), failures},
            {QStringLiteral("seconds"), seconds},
            {QStringLiteral("acquisitions_per_s"), perSecond},
            {QStringLiteral("stock_before"), stockBefore},
            {QStringLiteral("stock_after"), stockAfter},
            {QStringLiteral("purchases"), purchases},
            {QStringLiteral("lost_updates"), lostUpdates()},
            {QStringLiteral("storage_errors"), errors},
            {QStringLiteral("connection_errors"), connectionErrors},
            {QStringLiteral("node_errors"), nodeErrors},
            {QStringLiteral("held_before_on_nodes"), heldBefore},
            {QStringLiteral("longest_stall_ms"), longestStallMs},
            {QStringLiteral("failed_keeping_a_minority"), keptMinority}};
}
