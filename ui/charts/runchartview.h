// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chart.h"

#include <QChartView>

class RunChart;
class RunData;

// One XY chart of the run in the window (a RunChart in a QChartView), live or from a recorded
// run. Hovering names the point under the pointer and the event behind it (or the bar, or the
// fault); a click on a legend entry hides or shows its series; a rubber band (drag) zooms into
// a stretch of time, right click zooms out, the wheel and + and - zoom, the arrow keys pan;
// Home shows the whole run, F (or End) follows the live run again, as on the timeline.
class RunChartView : public QChartView
{
    Q_OBJECT

public:
    // Room for a plot, its axes' labels and titles and a legend: squeezed below this, Qt
    // shortens labels to "...".
    static constexpr int MinimumHeight = 160;

    RunChartView(Chart::Kind kind, const RunData* data, QWidget* parent = nullptr);

    Chart::Kind kind() const { return m_kind; }
    RunChart* runChart() const { return m_chart; }

    // The data changed (live: a frame's events): follow it, and draw when shown.
    void refresh();
    void setCursorUs(qint64 tUs);
    void setWindow(qint64 t0Us, qint64 t1Us); // stops following
    void showAll();
    void setFollowing(bool follow);
    bool isFollowing() const { return m_follow; }
    // What the pointer at `pos` (view coordinates) shows, as the tooltip says it.
    QString describeAt(const QPoint& pos) const;

protected:
    void changeEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    void rebuild(); // a new chart in the window's look (theme, type size)
    void connectLegend();
    void zoom(double factor, double atFraction);
    void pan(double fraction);

    Chart::Kind m_kind;
    const RunData* m_data;
    RunChart* m_chart = nullptr;
    bool m_follow = true;
    qint64 m_cursorUs = -1;
};
