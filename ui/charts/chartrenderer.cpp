// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chartrenderer.h"

#include "base/outputfile.h"
#include "charts/chartstyle.h"
#include "charts/runchart.h"
#include "charts/rundata.h"
#include "charts/timelinepainter.h"
#include "slides/cmapfixdevice.h"
#include "widgets/uitheme.h"

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
constexpr int TimelineWidth = 1600; // 16:9, for a slide
constexpr int TimelineHeight = 900;

// XML 1.0 has no place for control characters (a caption or a client's name may hold one,
// ESC from a terminal): QSvgGenerator writes them as they are, and an XML reader stops there.
// In UTF-8 such a byte is always that character, never part of another.
QByteArray xmlText(QByteArray svg)
{
    for (char& c : svg) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 && c != '\t' && c != '\n' && c != '\r')
            c = '?';
    }
    return svg;
}

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

QSize ChartRenderer::sizeFor(Chart::Kind kind, const RunData& data, const ExportLook& look)
{
    if (look.size.isValid())
        return look.size;
    if (kind != Chart::Kind::Timeline)
        return {Width, ChartHeight};
    // 16:9 for a slide; a run of many clients gets the height its lanes need.
    const int lanes = int(data.clientLanes().size()) + data.nodeCount();
    const int height = std::clamp(300 + lanes * 30, TimelineHeight, 2400);
    return {std::max(TimelineWidth, height * 16 / 9), height};
}

ChartView ChartRenderer::wholeRun(const RunData& data)
{
    ChartView view;
    view.t0Us = data.startUs();
    view.t1Us = std::max(data.nowUs(), data.startUs() + 1000);
    view.title = true;
    view.legend = true;
    view.captions = true;
    return view;
}

void ChartRenderer::render(Chart::Kind kind, const RunData& data, QPainter* painter,
                           const QSize& size, bool vector, const ExportLook& look)
{
    const QRectF rect(QPointF(0, 0), size);
    if (kind == Chart::Kind::Timeline) {
        TimelinePainter(data, ChartStyle::forExport(look, size))
            .paint(painter, rect, wholeRun(data));
        return;
    }
    QGraphicsScene scene;
    exportChart(kind, data, &scene, size, vector, look);
    scene.render(painter, rect, rect);
}

RunChart* ChartRenderer::exportChart(Chart::Kind kind, const RunData& data, QGraphicsScene* scene,
                                     const QSize& size, bool vector, const ExportLook& look)
{
    RunChart::Look chartLook;
    chartLook.style = ChartStyle::forExport(look, size);
    chartLook.title = true;
    chartLook.vectorMarkers = vector;
    chartLook.pixelRatio = look.size.isValid() ? 1 : PngScale;
    RunChart* chart = RunChart::create(kind, &data, chartLook);
    scene->addItem(chart); // the scene owns it
    layOut(chart, data, size);
    return chart;
}

QByteArray ChartRenderer::svg(Chart::Kind kind, const RunData& data, const ExportLook& look)
{
    const QSize size = sizeFor(kind, data, look);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(Chart::title(kind));
    generator.setDescription(Chart::caption(kind));
    QPainter painter(&generator);
    render(kind, data, &painter, size, true, look);
    painter.end();
    return xmlText(buffer.data());
}

QString ChartRenderer::sizeNote(Chart::Kind kind, const RunData& data, const ExportLook& look)
{
    const QSize size = sizeFor(kind, data, look);
    return QCoreApplication::translate("ChartRenderer", "smallest text %1 px at %2 × %3")
        .arg(ChartStyle::minTextPxFor(look, size.height()))
        .arg(size.width())
        .arg(size.height());
}

bool ChartRenderer::save(Chart::Kind kind, const RunData& data, const QString& path, QString* error,
                         const ExportLook& look)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QSize size = sizeFor(kind, data, look);
    const int scale = look.size.isValid() ? 1 : PngScale;
    // Drawn into memory, then written whole or not at all (OutputFile): a full disk is said
    // as such, and a cut image never replaces a whole one.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    bool ok = true;
    if (suffix == QLatin1String("svg")) {
        ok = buffer.write(svg(kind, data, look)) >= 0;
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(96);
        pdf.setPageSize(QPageSize(QSizeF(size) * 72.0 / 96.0, QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(Chart::title(kind));
        pdf.setCreator(QStringLiteral("Redlock Scope"));
        QPainter painter(&pdf);
        render(kind, data, &painter, size, true, look);
        ok = painter.end();
    } else {
        QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        image.fill(UiTheme::palette(look.dark ? UiTheme::Mode::Dark : UiTheme::Mode::Light)
                       .color(QPalette::Base));
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        render(kind, data, &painter, size, false, look);
        painter.end();
        ok = image.save(&buffer, "PNG");
    }
    if (!ok) {
        *error = QCoreApplication::translate("ChartRenderer", "cannot draw %1").arg(path);
        return false;
    }
    QByteArray bytes = buffer.data();
    if (suffix == QLatin1String("pdf"))
        CMapFixDevice::fixPdf(bytes); // its words copy as the real characters
    return OutputFile::save(path, bytes, error);
}
