// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/runexporter.h"

#include "charts/chartrenderer.h"
#include "charts/htmlreport.h"
#include "charts/rundata.h"
#include "record/csvexporter.h"
#include "record/ednexporter.h"
#include "record/jsonlexporter.h"
#include "record/recordedrun.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

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
                        Chart::Kind chart, QString* error)
{
    if (*error = checkExtension(path); !error->isEmpty())
        return false;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png") || suffix == QLatin1String("svg") ||
        suffix == QLatin1String("pdf")) {
        RunData data;
        data.load(run);
        return ChartRenderer::save(chart, data, path, error);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    QString why;
    bool ok = true;
    if (suffix == QLatin1String("jsonl")) {
        ok = JsonlExporter::write(*run, &file, &why);
    } else if (suffix == QLatin1String("csv")) {
        ok = CsvExporter::write(*run, &file, &why);
    } else if (suffix == QLatin1String("edn")) {
        ok = EdnExporter::write(*run, &file, &why);
    } else {
        RunData data;
        data.load(run);
        const QByteArray html = HtmlReport::build(*run, data);
        ok = file.write(html) == html.size();
    }
    if (!ok || !file.commit()) {
        *error = tr("cannot write %1: %2").arg(path, why.isEmpty() ? file.errorString() : why);
        return false;
    }
    return true;
}
