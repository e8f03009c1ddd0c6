#pragma once

#include "charts/chart.h"
#include "charts/rundata.h"

#include <QList>
#include <QWidget>
#include <memory>

class ChartWidget;
class QTabWidget;
class TimelineView;

// The charts of the run on screen: a tab per chart (the timeline first), fed live by the
// window or showing a recorded run.
//
// Data and drawing are apart (kcachegrind's protocol): events go into the data as snapshots
// bring them (never lost while the window is hidden), and the shown chart repaints once per
// frame at most, when the window calls refresh(); hidden tabs and a hidden panel draw
// nothing.
class ChartsPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr size_t LiveCapacity = 200'000; // events kept for the live charts

    explicit ChartsPanel(QWidget* parent = nullptr);
    ~ChartsPanel() override;

    void startLive(const RunHeader& header);
    void appendEvents(const QList<HistoryEvent>& events);
    // Once per frame: the engine clock now (live), and a repaint of what is shown.
    void refresh(qint64 nowUs);
    void showRun(std::shared_ptr<const RecordedRun> run);
    void setCursorUs(qint64 tUs); // a replay's "now"

    Chart::Kind currentChart() const;
    void setCurrentChart(Chart::Kind kind);
    TimelineView* timeline() const { return m_timeline; }
    const RunData& data() const { return m_data; }

signals:
    void timeClicked(qint64 tUs);

private:
    RunData m_data;
    QTabWidget* m_tabs;
    TimelineView* m_timeline;
    QList<ChartWidget*> m_charts;
    quint64 m_drawnRevision = 0;
};
