// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/runexporter.h"

#include "base/outputfile.h"
#include "charts/chartrenderer.h"
#include "charts/htmlreport.h"
#include "charts/rundata.h"
#include "record/csvexporter.h"
#include "record/ednexporter.h"
#include "record/jsonlexporter.h"
#include "record/recordedrun.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("RunExporter", text);
}
} // namespace

QStringList RunExporter::extensions()
{
    return {QStringLiteral("jsonl"), QStringLiteral("csv"), QStringLiteral("edn"),
            QStringLiteral("png"),   QStringLiteral("svg"), QStringLiteral("pdf"),
            QStringLiteral("html")};
}

QString RunExporter::checkExtension(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (extensions().contains(suffix))
        return {};
    return tr("cannot export to %1: the file name must end in .%2")
        .arg(path, extensions().join(QStringLiteral(", .")));
}

bool RunExporter::write(const std::shared_ptr<const RecordedRun>& run, const QString& path,
                        Chart::Kind chart, QString* error, const ExportLook& look, QString* note)
{
    if (*error = checkExtension(path); !error->isEmpty())
        return false;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png") || suffix == QLatin1String("svg") ||
        suffix == QLatin1String("pdf")) {
        RunData data;
        data.load(run);
        if (note)
            *note = ChartRenderer::sizeNote(chart, data, look);
        return ChartRenderer::save(chart, data, path, error, look);
    }
    // Whole or not at all, and a failed write says why (a full disk: "No space left on
    // device", not "Unknown error").
    OutputFile file(path);
    if (!file.open(error))
        return false;
    QString why;
    bool ok = true;
    if (suffix == QLatin1String("jsonl")) {
        ok = JsonlExporter::write(*run, file.device(), &why);
    } else if (suffix == QLatin1String("csv")) {
        ok = CsvExporter::write(*run, file.device(), &why);
    } else if (suffix == QLatin1String("edn")) {
        ok = EdnExporter::write(*run, file.device(), &why);
    } else {
        RunData data;
        data.load(run);
        const QByteArray html = HtmlReport::build(*run, data, look);
        ok = file.device()->write(html) == html.size();
    }
    return file.commit(ok, why, error);
}
