// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/csvexporter.h"

#include "base/enumnames.h"
#include "model/nodemask.h"
#include "record/eventtext.h"
#include "record/pairedoperations.h"
#include "record/recordedrun.h"

namespace {

// Quoted only when it must be: a comma, a quote or a line break inside.
QByteArray field(const QString& text)
{
    QByteArray bytes = text.toUtf8();
    if (!bytes.contains(',') && !bytes.contains('"') && !bytes.contains('\n') &&
        !bytes.contains('\r'))
        return bytes;
    bytes.replace('"', "\"\"");
    return '"' + bytes + '"';
}

QString outcome(const PairedOperations::Operation& o)
{
    if (o.indeterminate())
        return QStringLiteral("info");
    return o.completion->kind == HistoryEvent::Kind::Ok ? QStringLiteral("ok")
                                                        : QStringLiteral("fail");
}

QList<QString> row(qsizetype index, const PairedOperations::Operation& o, const EventText& text)
{
    const HistoryEvent& in = *o.invoke;
    const HistoryEvent* done = o.completion;
    const HistoryEvent& last = done ? *done : in;
    const qint64 endUs = done ? done->tUs : o.endedUs;
    const bool failed = done && done->kind == HistoryEvent::Kind::Fail;
    const bool hasValue = (done && !failed) || in.operation == HistoryEvent::Operation::Write;
    return {QString::number(index),
            QString::number(in.client),
            text.clientName(in.client),
            EnumNames::name(in.operation),
            QString::number(in.tUs),
            endUs >= 0 ? QString::number(endUs) : QString(),
            endUs >= 0 ? QString::number(endUs - in.tUs) : QString(),
            outcome(o),
            failed ? EnumNames::name(done->failReason()) : QString(),
            hasValue ? QString::number(last.number) : QString(),
            NodeMask::text(last.nodeMask, u" "),
            QString::fromUtf8(last.token.isEmpty() ? in.token : last.token),
            QString::fromUtf8((last.fence.isNull() ? in.fence : last.fence).toWire()),
            QString::fromUtf8(in.resource)};
}

} // namespace

const QStringList& CsvExporter::columns()
{
    static const QStringList names{
        QStringLiteral("index"),      QStringLiteral("client"),    QStringLiteral("name"),
        QStringLiteral("operation"),  QStringLiteral("invoke_us"), QStringLiteral("complete_us"),
        QStringLiteral("latency_us"), QStringLiteral("outcome"),   QStringLiteral("reason"),
        QStringLiteral("value"),      QStringLiteral("nodes"),     QStringLiteral("token"),
        QStringLiteral("fence"),      QStringLiteral("resource")};
    return names;
}

bool CsvExporter::write(const RecordedRun& run, QIODevice* out, QString* error)
{
    EventText text;
    for (const HistoryEvent& e : run.events)
        text.learn(e); // client names, from ClientAdded
    const PairedOperations operations(run.events);
    QByteArray bytes = columns().join(QLatin1Char(',')).toUtf8() + "\r\n";
    qsizetype index = 0;
    for (const PairedOperations::Operation& o : operations.all()) {
        QList<QByteArray> fields;
        for (const QString& value : row(index++, o, text))
            fields << field(value);
        bytes += fields.join(',') + "\r\n";
    }
    if (out->write(bytes) != bytes.size()) {
        *error = out->errorString();
        return false;
    }
    return true;
}
