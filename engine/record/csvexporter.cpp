// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/csvexporter.h"

#include "base/enumnames.h"
#include "model/nodemask.h"
#include "record/eventtext.h"
#include "record/pairedoperations.h"
#include "record/recordedrun.h"

namespace {

// A cell a spreadsheet would take for a formula (=, +, -, @, and a tab or CR before one):
// `client add @SUM(1+1)` or `--resource =HYPERLINK(...)` would run on opening the file. As
// OWASP recommends, such a text gets a leading ' (shown as text, the ' itself hidden) and
// quotes. Numbers the exporter writes itself (a stock of -1) are left as they are.
bool looksLikeFormula(const QString& text)
{
    static const QString starts = QStringLiteral("=+-@\t\r");
    return !text.isEmpty() && starts.contains(text.front());
}

// Quoted only when it must be: a comma, a quote or a line break inside, or a text that looks
// like a formula.
QByteArray field(const QString& text, bool isText)
{
    if (isText && looksLikeFormula(text)) {
        QByteArray bytes = "'" + text.toUtf8();
        bytes.replace('"', "\"\"");
        return '"' + bytes + '"';
    }
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
    // The columns that hold text from outside: name, operation, outcome, reason, token,
    // fence, resource (the others are numbers this exporter writes).
    static const QList<bool> isText{false, false, true,  true,  false, false, false,
                                    true,  true,  false, false, true,  true,  true};
    qsizetype index = 0;
    for (const PairedOperations::Operation& o : operations.all()) {
        QList<QByteArray> fields;
        const QList<QString> values = row(index++, o, text);
        for (qsizetype i = 0; i < values.size(); ++i)
            fields << field(values[i], isText.value(i, true));
        bytes += fields.join(',') + "\r\n";
    }
    if (out->write(bytes) != bytes.size()) {
        *error = out->errorString();
        return false;
    }
    return true;
}
