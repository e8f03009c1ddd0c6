// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/stagetimeline.h"

#include "charts/chartstyle.h"
#include "charts/rundata.h"
#include "charts/timelinepainter.h"

#include <QFontInfo>
#include <QPainter>

StageTimeline::StageTimeline(const RunData* data, QWidget* parent) : QWidget(parent), m_data(data)
{
    setObjectName(QStringLiteral("stageTimeline"));
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void StageTimeline::refresh()
{
    if (isVisible())
        update();
}

void StageTimeline::setCursorUs(qint64 tUs)
{
    m_cursorUs = tUs;
    refresh();
}

// Where the story begins: the first client's first stretch (the nodes' start-up before it
// is no part of it), else the run's start.
qint64 StageTimeline::storyStartUs() const
{
    qint64 first = -1;
    for (const TimelineLane& lane : m_data->clientLanes())
        if (!lane.state.empty() && (first < 0 || lane.state.front().startUs < first))
            first = lane.state.front().startUs;
    return first >= 0 ? std::max(m_data->startUs(), first - 200'000) : m_data->startUs();
}

ChartView StageTimeline::view() const
{
    ChartView view;
    view.t1Us = m_cursorUs >= 0 ? m_cursorUs : m_data->nowUs();
    view.t0Us = std::max(storyStartUs(), view.t1Us - MaxSpanUs);
    view.t1Us = std::max(view.t1Us, view.t0Us + 1000);
    view.legend = false;
    view.captionLabels = false; // the caption bar above says the words
    // The class reads the clients' bars and names: each row tall enough for its name in the
    // small type (rows alike were 13 px with three clients at 1280×720 in large type).
    const QFont small = ChartStyle::forWidget(palette(), font()).small();
    view.clientLaneMin = QFontInfo(small).pixelSize() / TimelinePainter::NameToLane;
    return view;
}

TimelinePainter::Layout StageTimeline::layout() const
{
    return painter().layout(QRectF(rect()), view());
}

TimelinePainter StageTimeline::painter() const
{
    return TimelinePainter(*m_data, ChartStyle::forWidget(palette(), font()));
}

void StageTimeline::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    this->painter().paint(&painter, QRectF(rect()), view());
}
