// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chartwidget.h"

#include "base/enumnames.h"
#include "charts/chartpainter.h"
#include "charts/rundata.h"

#include <QPainter>

ChartWidget::ChartWidget(Chart::Kind kind, const RunData* data, QWidget* parent)
    : QWidget(parent), m_kind(kind), m_data(data)
{
    setObjectName(EnumNames::name(kind) + QStringLiteral("Chart"));
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumHeight(160);
}

void ChartWidget::refresh()
{
    if (isVisible())
        update();
}

void ChartWidget::setCursorUs(qint64 tUs)
{
    m_cursorUs = tUs;
    refresh();
}

void ChartWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    ChartView view;
    view.t0Us = m_data->startUs();
    view.t1Us = std::max(m_data->nowUs(), m_data->startUs() + 1'000'000);
    view.cursorUs = m_cursorUs;
    ChartPainter::paint(m_kind, &p, rect(), *m_data, ChartStyle::forWidget(palette(), font()),
                        view);
}
