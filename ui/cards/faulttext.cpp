// SPDX-License-Identifier: GPL-3.0-or-later
#include "cards/faulttext.h"

#include "base/textformat.h"

#include <QRegularExpression>

// "for 12 s", "for 2:05": how long an open-ended fault has lasted, in whole seconds, so
// the card changes once a second and not every frame.
QString FaultText::elapsed(qint64 us)
{
    const qint64 s = qMax<qint64>(0, us) / 1'000'000;
    if (s < 60)
        return tr("for %1 s").arg(s);
    return tr("for %1").arg(TextFormat::clock(us));
}

QString FaultText::glyph(Fault::Kind kind)
{
    using K = Fault::Kind;
    switch (kind) {
    case K::Killed:
    case K::Crashed:
        return QStringLiteral("✖");
    case K::Paused:
        return QStringLiteral("❚❚");
    case K::RestartPending:
    case K::Restarted:
        return QStringLiteral("↻");
    case K::ShutDown:
        return QStringLiteral("■");
    case K::Partition:
        return QStringLiteral("✂");
    case K::Latency:
        return QStringLiteral("◷");
    case K::Drop:
        return QStringLiteral("↯");
    case K::ClockJump:
        return QStringLiteral("⇥");
    }
    return {};
}

QString FaultText::milliseconds(qint64 ms)
{
    if (ms < 1000)
        return QStringLiteral("%1 ms").arg(ms);
    if (ms % 1000 == 0)
        return QStringLiteral("%1 s").arg(ms / 1000);
    return QStringLiteral("%1 s").arg(ms / 1000.0, 0, 'f', ms % 100 == 0 ? 1 : 2);
}

QString FaultText::label(const Fault& fault)
{
    // A number keeps its unit on its line: "40±20 ms" never breaks before "ms".
    static const QRegularExpression unit(QStringLiteral("(\\d) (ms|s)\\b"));
    QString text = plainLabel(fault);
    text.replace(unit, QStringLiteral("\\1\u00a0\\2"));
    return text;
}

QString FaultText::plainLabel(const Fault& fault)
{
    using K = Fault::Kind;
    switch (fault.kind) {
    case K::Killed:
        return tr("killed");
    case K::Crashed:
        return tr("crashed");
    case K::Paused:
        return tr("paused");
    case K::RestartPending:
        return tr("restarts");
    case K::ShutDown:
        return tr("shut down");
    case K::Partition:
        return fault.detail.isEmpty() ? tr("partitioned") : fault.detail;
    case K::Latency: {
        // The engine writes "latency 40±0 ms" for a fixed delay: say "latency 40 ms".
        QString text = fault.detail.isEmpty() ? tr("latency") : fault.detail;
        text.replace(QStringLiteral("±0 ms"), QStringLiteral(" ms"));
        return text;
    }
    case K::Drop:
        return fault.detail.isEmpty() ? tr("drops requests") : fault.detail;
    case K::Restarted: // the detail: its persistence ("none", "aof always", ...)
        if (fault.detail == QLatin1String("none"))
            return tr("restarted, no AOF");
        if (fault.detail.startsWith(QLatin1String("aof")))
            return tr("restarted from its AOF");
        return tr("restarted");
    case K::ClockJump: {
        // "clock +4000 ms: keys expire early" -> "clock +4 s: keys expire early"
        static const QRegularExpression jump(QStringLiteral("\\+(\\d+) ms"));
        const QRegularExpressionMatch m = jump.match(fault.detail);
        if (!m.hasMatch())
            return fault.detail.isEmpty() ? tr("clock jumped") : fault.detail;
        QString text = fault.detail;
        text.replace(m.capturedStart(), m.capturedLength(),
                     QLatin1Char('+') + milliseconds(m.captured(1).toLongLong()));
        return text;
    }
    }
    return fault.detail;
}

QString FaultText::timing(const Fault& fault, qint64 nowUs)
{
    if (fault.kind == Fault::Kind::Restarted)
        return tr("%1 s ago").arg(qMax<qint64>(0, nowUs - fault.sinceUs) / 1'000'000);
    if (fault.untilUs > 0) {
        const QString left = TextFormat::seconds((fault.untilUs - nowUs) / 1000);
        if (fault.kind == Fault::Kind::RestartPending)
            return tr("in %1").arg(left);
        return tr("%1 left").arg(left);
    }
    return elapsed(nowUs - fault.sinceUs);
}

QString FaultText::line(const Fault& fault, qint64 nowUs)
{
    return QStringLiteral("%1 %2 · %3").arg(glyph(fault.kind), label(fault), timing(fault, nowUs));
}

QString FaultText::tooltip(const Fault& fault, qint64 nowUs)
{
    using K = Fault::Kind;
    QString why;
    switch (fault.kind) {
    case K::Killed:
        why = tr("Crashed without a goodbye: a node without persistence comes back empty.");
        break;
    case K::Crashed:
        why = tr("Gone without releasing: its keys stay until their TTL ends.");
        break;
    case K::Paused:
        why = tr("Frozen: it keeps its keys (their TTLs keep running) but answers nothing.");
        break;
    case K::RestartPending:
        why = tr("Stays down until every key it had has expired, then starts again: the safe "
                 "way back.");
        break;
    case K::ShutDown:
        why = tr("Stopped cleanly.");
        break;
    case K::Partition:
        why = tr("Still up, but the clients named cannot reach it: their requests time out.");
        break;
    case K::Latency:
        why = tr("Every request to this node is delayed; past the client's node timeout it "
                 "counts as a timeout.");
        break;
    case K::Drop:
        why = tr("This share of requests is lost on the way: the client sees a timeout.");
        break;
    case K::ClockJump:
        why = tr("Its clock ran ahead: its keys expire that much early, while their owner still "
                 "counts on them.");
        break;
    case K::Restarted:
        why = tr("A new process (its process id changed). Without persistence it came back "
                 "empty: a lock key it granted is gone while its owner still counts on it. "
                 "With an AOF it read back the keys it had written to the file.");
        break;
    }
    QString text = QStringLiteral("%1 %2 (%3)\n%4")
                       .arg(glyph(fault.kind), label(fault), timing(fault, nowUs), why);
    if (!fault.detail.isEmpty() && fault.detail != label(fault))
        text += QStringLiteral("\n") + fault.detail;
    text += tr("\nSince %1 on the run clock.").arg(TextFormat::runTime(fault.sinceUs));
    return text;
}

bool FaultText::namesClient(const NodeSnapshot& node, const QString& clientName)
{
    return node.partitionedClients.contains(clientName, Qt::CaseInsensitive);
}

bool FaultText::cutsOff(const NodeSnapshot& node, const QString& clientName)
{
    return node.partitionedFromAll || namesClient(node, clientName);
}

bool FaultText::isHealable(Fault::Kind kind)
{
    using K = Fault::Kind;
    return kind == K::Partition || kind == K::Latency || kind == K::Drop || kind == K::ClockJump;
}

QString FaultText::persistence(const QString& mode)
{
    if (mode == QLatin1String("aof always"))
        return tr("AOF always");
    if (mode == QLatin1String("aof everysec"))
        return tr("AOF everysec");
    if (mode == QLatin1String("none"))
        return tr("no AOF");
    return mode;
}

QString FaultText::persistenceTip(const QString& mode)
{
    if (mode == QLatin1String("aof always"))
        return tr("Persistence: AOF, fsync on every write. A crashed node comes back with every "
                  "key it had acknowledged.");
    if (mode == QLatin1String("aof everysec"))
        return tr("Persistence: AOF, fsync once a second. A crashed node may come back without "
                  "the keys of its last second.");
    if (mode == QLatin1String("none"))
        return tr("Persistence: none. A crashed node comes back empty: restart it only after the "
                  "longest TTL, or a second client can win a majority.");
    return tr("Persistence: %1").arg(mode);
}
