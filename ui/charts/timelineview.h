// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartview.h"

#include <QPoint>
#include <QWidget>

class RunData;

// The lock timeline on screen (TimelinePainter), live or from a recorded run.
//
// Zoom with the wheel (around the pointer) or + and -; pan by dragging or with the arrow
// keys; Home shows the whole run; F (or End) follows the live run again. Hovering a lane
// names what is there and the event that began it; a click (not a drag) emits timeClicked,
// which a replay uses to scrub there.
class TimelineView : public QWidget
{
    Q_OBJECT

public:
    // In normal type: room for every lane's name and the axis.
    static constexpr int MinimumHeight = 160;

    explicit TimelineView(const RunData* data, QWidget* parent = nullptr);

    // The data changed (live: a frame's events): follow it, repaint when shown.
    void refresh();
    void setCursorUs(qint64 tUs);
    void setRange(qint64 t0Us, qint64 t1Us); // stops following
    void showAll();
    void setFollowing(bool follow);
    bool isFollowing() const { return m_follow; }
    const ChartView& view() const { return m_view; }

signals:
    void timeClicked(qint64 tUs);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    void zoom(double factor, double atX);
    void pan(double fraction);
    void follow();
    qint64 timeAtX(double x) const;

    const RunData* m_data;
    ChartView m_view;
    bool m_follow = true;
    bool m_dragging = false;
    bool m_dragged = false;
    QPoint m_dragFrom;
    ChartView m_dragView;
};
