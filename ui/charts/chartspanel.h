// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chart.h"
#include "charts/rundata.h"

#include <QElapsedTimer>
#include <QList>
#include <QWidget>
#include <memory>

class RunChartView;
class QTabWidget;
class StageTimeline;
class TimelineView;

// The charts of the run on screen: a tab per chart (the timeline first), fed live by the
// window or showing a recorded run.
//
// Data and drawing are apart (kcachegrind's protocol): events go into the data as snapshots
// bring them (never lost while the window is hidden), and the shown chart repaints once per
// frame at most, when the window calls refresh() (live: at 30 Hz at most); hidden tabs and
// a hidden panel draw nothing.
class ChartsPanel : public QWidget
{
    Q_OBJECT

public:
    // Events kept for the live charts: as many as the engine's history keeps, so memory is
    // flat from the first minute on (the run file keeps everything).
    static constexpr size_t LiveCapacity = 100'000;
    // Live, the charts redraw at most this often: the timeline moves less than a pixel
    // between two frames at 60 Hz, and the GUI thread has the cards and lanes to draw too.
    static constexpr int LiveRedrawMs = 33;

    explicit ChartsPanel(QWidget* parent = nullptr);
    ~ChartsPanel() override;

    void startLive(const RunHeader& header);
    void appendEvents(const QList<HistoryEvent>& events);
    // Once per frame: the engine clock now (live), and a repaint of what is shown when it
    // changed. True while it wants more frames (live and shown: the time axis moves).
    bool refresh(qint64 nowUs);
    void showRun(std::shared_ptr<const RecordedRun> run);
    void setCursorUs(qint64 tUs); // a replay's "now"
    // The stage's timeline (View → Present) draws the same data: kept up to date with it,
    // also while the panel is hidden.
    void setStageTimeline(StageTimeline* stage);
    // Large type (WindowDocks::setCompact): the charts take the room the dock has, however
    // little, instead of a minimum the dock cannot give (then the bottom lanes, nodes 4 and 5,
    // and the axis were cut off).
    void setCompact(bool compact);

    Chart::Kind currentChart() const;
    void setCurrentChart(Chart::Kind kind);
    TimelineView* timeline() const { return m_timeline; }
    RunChartView* chartView(Chart::Kind kind) const;
    const RunData& data() const { return m_data; }

signals:
    void timeClicked(qint64 tUs);

protected:
    void showEvent(QShowEvent* event) override;

private:
    RunData m_data;
    QTabWidget* m_tabs;
    TimelineView* m_timeline;
    QList<RunChartView*> m_charts;
    StageTimeline* m_stage = nullptr;
    quint64 m_drawnRevision = 0;
    QElapsedTimer m_sinceDrawn;
};
