// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chartspanel.h"

#include "charts/runchartview.h"
#include "charts/stagetimeline.h"
#include "charts/timelineview.h"

#include <QTabWidget>
#include <QVBoxLayout>

ChartsPanel::ChartsPanel(QWidget* parent) : QWidget(parent), m_data(LiveCapacity)
{
    setObjectName(QStringLiteral("charts"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_timeline = new TimelineView(&m_data, m_tabs);
    m_tabs->addTab(m_timeline, Chart::title(Chart::Kind::Timeline));
    for (Chart::Kind kind : Chart::all()) {
        if (kind == Chart::Kind::Timeline)
            continue;
        auto* chart = new RunChartView(kind, &m_data, m_tabs);
        m_charts << chart;
        m_tabs->addTab(chart, Chart::title(kind));
    }
    layout->addWidget(m_tabs);
    connect(m_timeline, &TimelineView::timeClicked, this, &ChartsPanel::timeClicked);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { m_drawnRevision = 0; });
}

ChartsPanel::~ChartsPanel() = default;

void ChartsPanel::startLive(const RunHeader& header)
{
    m_data = RunData(LiveCapacity);
    m_data.start(header);
    m_timeline->setFollowing(true);
    for (RunChartView* chart : std::as_const(m_charts))
        chart->setFollowing(true);
    setCursorUs(-1);
    m_drawnRevision = 0;
}

void ChartsPanel::appendEvents(const QList<HistoryEvent>& events)
{
    m_data.append(events);
}

bool ChartsPanel::refresh(qint64 nowUs)
{
    const bool stage = m_stage && m_stage->isVisible();
    if (!isVisible() && !stage)
        return false;
    if (m_data.isLive())
        m_data.setNowUs(nowUs);
    if (m_data.revision() == m_drawnRevision)
        return false;
    if (m_data.isLive() && m_sinceDrawn.isValid() && m_sinceDrawn.elapsed() < LiveRedrawMs)
        return true; // a later frame draws it
    m_sinceDrawn.start();
    m_drawnRevision = m_data.revision();
    if (stage)
        m_stage->refresh();
    if (!isVisible())
        return m_data.isLive();
    if (m_tabs->currentWidget() == m_timeline)
        m_timeline->refresh();
    else if (auto* chart = qobject_cast<RunChartView*>(m_tabs->currentWidget()))
        chart->refresh();
    return m_data.isLive(); // live, time moves on: more frames to come
}

void ChartsPanel::showRun(std::shared_ptr<const RecordedRun> run)
{
    m_data = RunData();
    m_data.load(std::move(run));
    m_timeline->showAll();
    for (RunChartView* chart : std::as_const(m_charts))
        chart->showAll();
    m_drawnRevision = 0;
}

void ChartsPanel::setCompact(bool compact)
{
    m_timeline->setMinimumHeight(compact ? 0 : TimelineView::MinimumHeight);
    for (RunChartView* chart : std::as_const(m_charts))
        chart->setMinimumHeight(compact ? 0 : RunChartView::MinimumHeight);
}

void ChartsPanel::setStageTimeline(StageTimeline* stage)
{
    m_stage = stage;
}

void ChartsPanel::setCursorUs(qint64 tUs)
{
    if (m_stage)
        m_stage->setCursorUs(tUs);
    m_timeline->setCursorUs(tUs);
    for (RunChartView* chart : std::as_const(m_charts))
        chart->setCursorUs(tUs);
}

// Shown again: what came while hidden is drawn now, the live view caught up.
void ChartsPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_drawnRevision = 0;
    m_timeline->refresh();
}

Chart::Kind ChartsPanel::currentChart() const
{
    if (auto* chart = qobject_cast<RunChartView*>(m_tabs->currentWidget()))
        return chart->kind();
    return Chart::Kind::Timeline;
}

void ChartsPanel::setCurrentChart(Chart::Kind kind)
{
    if (kind == Chart::Kind::Timeline) {
        m_tabs->setCurrentWidget(m_timeline);
        return;
    }
    if (RunChartView* chart = chartView(kind))
        m_tabs->setCurrentWidget(chart);
}

RunChartView* ChartsPanel::chartView(Chart::Kind kind) const
{
    for (RunChartView* chart : m_charts)
        if (chart->kind() == kind)
            return chart;
    return nullptr;
}
