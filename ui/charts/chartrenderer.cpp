// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chartrenderer.h"

#include "base/outputfile.h"
#include "charts/chartstyle.h"
#include "charts/runchart.h"
#include "charts/rundata.h"
#include "charts/timelinepainter.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImage>
#include <QLegend>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <memory>

namespace {

constexpr int Width = 1400;
constexpr int ChartHeight = 700;

// Qt lays a chart and its legend out on posted events, which headless nothing else would
// deliver before the picture is taken; the legend's own layout is activated by hand (a
// legend entry shown after the chart's layout ran waits for a later one otherwise).
void settle(RunChart* chart)
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    chart->legend()->layout()->invalidate();
    chart->legend()->layout()->activate();
    chart->layout()->invalidate();
    chart->layout()->activate();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
}

// The chart laid out at `size` with the whole run fed: series, axes, legend and labels placed,
// as a shown chart is after its first frame.
void layOut(RunChart* chart, const RunData& data, const QSize& size)
{
    chart->resize(size);
    settle(chart);
    const ChartView whole = ChartRenderer::wholeRun(data);
    chart->showWindow(whole.t0Us, whole.t1Us);
    settle(chart);
    // Fed for the plot's width: axis labels and the legend may have moved it; once more.
    chart->refresh();
    settle(chart);
}

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

void ChartRenderer::render(Chart::Kind kind, const RunData& data, QPainter* painter,
                           const QSize& size, bool vector)
{
    const QRectF rect(QPointF(0, 0), size);
    if (kind == Chart::Kind::Timeline) {
        TimelinePainter(data, ChartStyle::forExport()).paint(painter, rect, wholeRun(data));
        return;
    }
    QGraphicsScene scene;
    exportChart(kind, data, &scene, size, vector);
    scene.render(painter, rect, rect);
}

RunChart* ChartRenderer::exportChart(Chart::Kind kind, const RunData& data, QGraphicsScene* scene,
                                     const QSize& size, bool vector)
{
    RunChart::Look look;
    look.style = ChartStyle::forExport();
    look.title = true;
    look.vectorMarkers = vector;
    look.pixelRatio = PngScale;
    RunChart* chart = RunChart::create(kind, &data, look);
    scene->addItem(chart); // the scene owns it
    layOut(chart, data, size);
    return chart;
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
    render(kind, data, &painter, size, true);
    painter.end();
    return buffer.data();
}

bool ChartRenderer::save(Chart::Kind kind, const RunData& data, const QString& path, QString* error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QSize size = sizeFor(kind, data);
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
        render(kind, data, &painter, size, true);
        ok = painter.end();
    } else {
        QImage image(size * PngScale, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(PngScale);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        render(kind, data, &painter, size, false);
        painter.end();
        ok = image.save(&buffer, "PNG");
    }
    if (!ok) {
        *error = QCoreApplication::translate("ChartRenderer", "cannot draw %1").arg(path);
        return false;
    }
    return OutputFile::save(path, buffer.data(), error);
}
