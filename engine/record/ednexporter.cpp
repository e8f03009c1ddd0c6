// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/ednexporter.h"

#include "base/enumnames.h"
#include "model/fault.h"
#include "model/nodemask.h"
#include "record/eventtext.h"
#include "record/pairedoperations.h"
#include "record/recordedrun.h"

#include <QHash>
#include <algorithm>

namespace {

using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;

QString ednString(const QString& text)
{
    QString escaped = text;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
        .replace(QLatin1Char('"'), QLatin1String("\\\""))
        .replace(QLatin1Char('\n'), QLatin1String("\\n"));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QString nodeVector(quint16 mask)
{
    return QLatin1Char('[') + NodeMask::text(mask, u" ") + QLatin1Char(']');
}

QString fenceMap(const FencingToken& fence)
{
    QStringList entries;
    for (int node : fence.nodes())
        entries << QStringLiteral("%1 %2").arg(node + 1).arg(*fence.counter(node));
    return QLatin1Char('{') + entries.join(QStringLiteral(", ")) + QLatin1Char('}');
}

// The :value of an op, from the event that carries it.
QString value(const HistoryEvent& e)
{
    if (e.kind == K::Invoke)
        return e.operation == Op::Write ? QString::number(e.number) : QStringLiteral("nil");
    if (e.kind == K::Fail)
        return e.operation == Op::Write ? QString::number(e.number) : QStringLiteral("nil");
    switch (e.operation) {
    case Op::Acquire: {
        QString map = QStringLiteral("{:token %1, :nodes %2, :validity-us %3")
                          .arg(ednString(QString::fromUtf8(e.token)), nodeVector(e.nodeMask))
                          .arg(e.number);
        if (!e.fence.isNull())
            map += QStringLiteral(", :fence ") + fenceMap(e.fence);
        return map + QLatin1Char('}');
    }
    case Op::Release:
        return QStringLiteral("{:released %1}").arg(e.number);
    case Op::Extend:
        return QStringLiteral("{:validity-us %1}").arg(e.number);
    case Op::Read:
    case Op::Write:
        return QString::number(e.number);
    case Op::None:
        break;
    }
    return QStringLiteral("nil");
}

struct Line
{
    qint64 tUs = 0;
    QString body; // everything after ":index N, "
};

class Builder
{
public:
    Builder(const RecordedRun& run) : m_run(run)
    {
        for (const HistoryEvent& e : run.events)
            m_text.learn(e);
    }

    QList<Line> build()
    {
        const PairedOperations operations(m_run.events);
        for (const PairedOperations::Operation& o : operations.all())
            addOperation(o);
        for (const HistoryEvent& e : m_run.events)
            if (e.kind == K::FaultStart || e.kind == K::FaultEnd)
                addFault(e);
        std::stable_sort(m_lines.begin(), m_lines.end(),
                         [](const Line& a, const Line& b) { return a.tUs < b.tUs; });
        return m_lines;
    }

private:
    QString op(const char* type, const HistoryEvent& invoke, qint64 tUs, int process) const
    {
        return QStringLiteral(":type :%1, :f :%2, :process %3, :client %4, :time %5")
            .arg(QLatin1String(type), EnumNames::name(invoke.operation))
            .arg(process)
            .arg(ednString(m_text.clientName(invoke.client)))
            .arg(nanoseconds(tUs));
    }

    qint64 nanoseconds(qint64 tUs) const
    {
        return std::max<qint64>(0, tUs - m_run.header.clockUs) * 1000;
    }

    void addOperation(const PairedOperations::Operation& o)
    {
        const HistoryEvent& in = *o.invoke;
        const int process = in.client + EdnExporter::ProcessStride * m_generation.value(in.client);
        m_lines << Line{in.tUs, op("invoke", in, in.tUs, process) +
                                    QStringLiteral(", :value %1").arg(value(in))};
        if (o.indeterminate()) {
            const qint64 endUs = o.endedUs >= 0 ? o.endedUs : m_run.endUs();
            m_lines << Line{endUs, op("info", in, endUs, process) +
                                       QStringLiteral(", :value nil, :error :indeterminate")};
            ++m_generation[in.client]; // Jepsen: an :info'd process never acts again
            return;
        }
        const HistoryEvent& done = *o.completion;
        const bool ok = done.kind == K::Ok;
        QString body = op(ok ? "ok" : "fail", in, done.tUs, process) +
                       QStringLiteral(", :value %1").arg(value(done));
        if (!ok)
            body += QStringLiteral(", :error :%1").arg(EnumNames::name(done.failReason()));
        if (done.latencyUs >= 0)
            body += QStringLiteral(", :latency-us %1").arg(done.latencyUs);
        m_lines << Line{done.tUs, body};
    }

    void addFault(const HistoryEvent& e)
    {
        const QString kind = EnumNames::name(Fault::Kind(e.code));
        const QString target =
            e.client >= 0 ? QStringLiteral(":client %1").arg(ednString(m_text.clientName(e.client)))
                          : QStringLiteral(":node %1").arg(e.node + 1);
        QString value = QLatin1Char('{') + target;
        if (!e.text.isEmpty())
            value += QStringLiteral(", :detail ") + ednString(e.text);
        m_lines << Line{e.tUs, QStringLiteral(":type :info, :f :%1-%2, :process :nemesis, "
                                              ":time %3, :value %4}")
                                   .arg(e.kind == K::FaultStart ? QStringLiteral("start")
                                                                : QStringLiteral("stop"),
                                        kind)
                                   .arg(nanoseconds(e.tUs))
                                   .arg(value)};
    }

    const RecordedRun& m_run;
    EventText m_text;
    QHash<int, int> m_generation;
    QList<Line> m_lines;
};

} // namespace

bool EdnExporter::write(const RecordedRun& run, QIODevice* out, QString* error)
{
    QByteArray bytes;
    qsizetype index = 0;
    for (const Line& line : Builder(run).build())
        bytes += QStringLiteral("{:index %1, %2}\n").arg(index++).arg(line.body).toUtf8();
    if (out->write(bytes) != bytes.size()) {
        *error = out->errorString();
        return false;
    }
    return true;
}
