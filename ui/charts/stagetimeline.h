// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartview.h"
#include "charts/timelinepainter.h"

#include <QWidget>

class RunData;

// The lock timeline as the stage shows it (View → Present, slides): the story up to this
// moment, from the run's start (the last minute of a long one) to now, or to a recorded run's
// scrubbed instant; no title, no legend, nothing to click. Its time follows the data: it
// repaints when told (refresh), at the frame rate the charts keep.
class StageTimeline : public QWidget
{
    Q_OBJECT

public:
    // The longest stretch it shows: more and a class cannot tell one second from the next.
    static constexpr qint64 MaxSpanUs = 60'000'000;

    explicit StageTimeline(const RunData* data, QWidget* parent = nullptr);

    void refresh();
    void setCursorUs(qint64 tUs); // a recorded run's instant; -1: the live now
    ChartView view() const;       // what it shows now
    TimelinePainter::Layout layout() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    qint64 storyStartUs() const;
    TimelinePainter painter() const;

    const RunData* m_data;
    qint64 m_cursorUs = -1;
};
