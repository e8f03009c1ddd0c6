// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chart.h"
#include "charts/chartstyle.h"
#include "charts/downsampler.h"
#include "charts/faultshading.h"

#include <QChart>
#include <QHash>
#include <QScatterSeries>
#include <vector>

class QCategoryAxis;
class QGraphicsSimpleTextItem;
class QLogValueAxis;
class QLineSeries;
class QXYSeries;
class RunData;

// One of the XY charts of a run (latency, histogram, quorum, throughput, stock) as a Qt Charts
// chart: the same object in the window (in a RunChartView) and in every export (rendered
// headless by ChartRenderer), so what a report shows is what the window showed.
//
// A chart shows a window of the run's time. Whenever that window, the data or the plot's
// width changes, refresh() feeds the series again from RunData: only the part in view, at most
// a few points per pixel column (Downsampler), with one replace() per series, so a million
// events never reach Qt Charts. The x axis carries the timeline's ticks and labels (TimeAxis).
// Series are made once, in the order they stack (fault shading at the bottom, markers on top);
// the legend lists them the other way round, the markers first.
class RunChart : public QChart
{
    Q_OBJECT

public:
    struct Look
    {
        ChartStyle style;
        bool title = false;         // exports: the chart's title above it
        bool vectorMarkers = false; // SVG and PDF: Qt's own marker shapes instead of images
        double pixelRatio = 1;      // device pixels per point: the markers' images are drawn so
    };

    static RunChart* create(Chart::Kind kind, const RunData* data, const Look& look);

    Chart::Kind kind() const { return m_kind; }
    const RunData& data() const { return *m_data; }

    // The part of the run shown, in µs of the run's clock (the histogram: the rounds decided
    // in it). Feeds the series.
    void showWindow(qint64 t0Us, qint64 t1Us);
    qint64 windowStartUs() const { return m_t0Us; }
    qint64 windowEndUs() const { return m_t1Us; }
    // A replay's "now": a vertical line; -1 none.
    void setCursorUs(qint64 tUs);
    // Feeds every series again from the data, for the window and the plot's width now.
    void refresh();
    // Forgets a zoom of the x axis that is not time (the histogram's latency range).
    virtual void resetZoom() {}
    // The point nearest `pos` (chart coordinates, within a few pixels) and the event behind
    // it, in words; else what the chart shows there (a bar, a fault); "" when nothing.
    QString describeAt(const QPointF& pos) const;

signals:
    // The user picked a part of the run (rubber band, right click): the view stops following.
    void windowChosen(qint64 t0Us, qint64 t1Us);

protected:
    RunChart(Chart::Kind kind, const RunData* data, const Look& look);

    void resizeEvent(QGraphicsSceneResizeEvent* event) override;

    // Fills the series for [m_t0Us, m_t1Us] over `columns` pixel columns.
    virtual void feed(int columns) = 0;
    // What the chart shows at `value` (axes' coordinates) when no point is near, in words.
    virtual QString describeValue(const QPointF& value) const;
    // One shown point in words (its series and values), above its event's line.
    virtual QString describePoint(const QXYSeries* series, const Downsampler::Point& point) const;

    // The x axis of run time in seconds, with the timeline's ticks for the window.
    QCategoryAxis* addTimeAxis();
    void addXAxis(QAbstractAxis* axis, const QString& title);
    void addYAxis(QAbstractAxis* axis, const QString& title);
    void styleAxis(QAbstractAxis* axis, const QString& title) const;
    QScatterSeries* addMarkers(const QString& name, const QColor& color,
                               QScatterSeries::MarkerShape shape, double size);
    QLineSeries* addLine(const QString& name, const QPen& pen);
    void attach(QAbstractSeries* series);
    // Shows `points` in `series` (one replace()) and keeps their events for hover.
    void setPoints(QXYSeries* series, const std::vector<Downsampler::Point>& points);
    // A series joins the legend once it has had something to show, and stays (it does not
    // come and go while panning).
    void showInLegend(QAbstractSeries* series, bool hasData);
    void hideFromLegend(QAbstractSeries* series);
    // Faults shaded over the window from `low` to `high` (the y axis' range).
    void shadeFaults(double low, double high);
    // The y axis' range; `nice`: widened to round numbers with ticks about every 50 pixels
    // of the plot (a linear axis). Shades the faults over it.
    void setYRange(double low, double high, bool nice = false);
    // A sentence in the middle of the plot when it has nothing to show ("" hides it).
    void setEmptyText(const QString& text);
    // A log axis over [low, high] (ms) along `pixels`: powers of two (0.25, 0.5, 1, 2:
    // labelled ticks where a decade would leave one) when each gets room for its label, else
    // whole decades.
    static void setLogRange(QLogValueAxis* axis, double low, double high, double pixels);
    // The legend's swatch for a series whose own is not its colour (areas).
    void setSwatch(QAbstractSeries* series, const QColor& color);
    QAbstractAxis* xAxis() const { return m_x; }
    int columns() const;
    // The columns a scatter series of `markerSize` points is sampled in: half a marker wide
    // (more would only draw points over each other), within the plot's pixel columns.
    int markerColumns(double markerSize) const;
    // Whether an axis' range change comes from the user (QChartView's rubber band, right
    // click): not while the chart is made or fed, when the changes are its own.
    bool userZoom() const { return m_fed && !m_feeding; }

    const RunData* m_data;
    Look m_look;
    qint64 m_t0Us = 0;
    qint64 m_t1Us = 1;

private:
    void updateTimeAxis(int columns);
    void onXRangeChanged(qreal min, qreal max);
    void updateCursor();
    void placeEmptyText();
    void fitLegend();
    bool wordsFit() const;

    Chart::Kind m_kind;
    QAbstractAxis* m_x = nullptr;
    QAbstractAxis* m_y = nullptr;
    QCategoryAxis* m_time = nullptr;
    QLineSeries* m_cursor = nullptr;
    QGraphicsSimpleTextItem* m_empty = nullptr;
    qint64 m_cursorUs = -1;
    FaultShading m_faults;
    bool m_faultsAttached = false;
    double m_yLow = 0;
    double m_yHigh = 1;
    bool m_feeding = false;
    bool m_fed = false;
    bool m_legendChanged = false;
    QString m_legendFitted; // the size and entries the legend was last fitted for
    QHash<const QXYSeries*, std::vector<Downsampler::Point>> m_shown;
    enum class Legend
    {
        NotYet,
        Listed,
        Never
    };
    QHash<const QAbstractSeries*, Legend> m_inLegend;
};
