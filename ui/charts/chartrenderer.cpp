// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chartrenderer.h"

#include "base/outputfile.h"
#include "charts/chartpainter.h"
#include "charts/chartstyle.h"
#include "charts/rundata.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace {
constexpr int Width = 1400;
constexpr int ChartHeight = 560;
constexpr int PngScale = 2; // crisp on a slide
} // namespace

QSize ChartRenderer::sizeFor(Chart::Kind kind, const RunData& data)
{
    if (kind != Chart::Kind::Timeline)
        return {Width, ChartHeight};
    const int lanes = int(data.clientLanes().size()) + data.nodeCount();
    return {Width, std::clamp(150 + lanes * 30, 300, 2400)}; // lanes at their tallest
}

ChartView ChartRenderer::wholeRun(const RunData& data)
{
    ChartView view;
    view.t0Us = data.startUs();
    view.t1Us = std::max(data.nowUs(), data.startUs() + 1000);
    view.title = true;
    view.legend = true;
    return view;
}

QByteArray ChartRenderer::svg(Chart::Kind kind, const RunData& data)
{
    const QSize size = sizeFor(kind, data);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(Chart::title(kind));
    generator.setDescription(Chart::caption(kind));
    QPainter painter(&generator);
    ChartPainter::paint(kind, &painter, QRectF(QPointF(0, 0), size), data, ChartStyle::forExport(),
                        wholeRun(data));
    painter.end();
    return buffer.data();
}

bool ChartRenderer::save(Chart::Kind kind, const RunData& data, const QString& path, QString* error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QSize size = sizeFor(kind, data);
    const QRectF rect(QPointF(0, 0), size);
    // Drawn into memory, then written whole or not at all (OutputFile): a full disk is said
    // as such, and a cut image never replaces a whole one.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    bool ok = true;
    if (suffix == QLatin1String("svg")) {
        ok = buffer.write(svg(kind, data)) >= 0;
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(96);
        pdf.setPageSize(QPageSize(QSizeF(size) * 72.0 / 96.0, QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(Chart::title(kind));
        pdf.setCreator(QStringLiteral("Redlock Scope"));
        QPainter painter(&pdf);
        ChartPainter::paint(kind, &painter, rect, data, ChartStyle::forExport(), wholeRun(data));
        ok = painter.end();
    } else {
        QImage image(size * PngScale, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(PngScale);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        ChartPainter::paint(kind, &painter, rect, data, ChartStyle::forExport(), wholeRun(data));
        painter.end();
        ok = image.save(&buffer, "PNG");
    }
    if (!ok) {
        *error = QCoreApplication::translate("ChartRenderer", "cannot draw %1").arg(path);
        return false;
    }
    return OutputFile::save(path, buffer.data(), error);
}
