// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chart.h"

#include <QWidget>

class RunData;

// One of the charts other than the timeline on screen: the whole data in view (live: the
// part kept), a replay's cursor, redrawn only while shown.
class ChartWidget : public QWidget
{
    Q_OBJECT

public:
    ChartWidget(Chart::Kind kind, const RunData* data, QWidget* parent = nullptr);

    Chart::Kind kind() const { return m_kind; }
    void refresh();
    void setCursorUs(qint64 tUs);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    Chart::Kind m_kind;
    const RunData* m_data;
    qint64 m_cursorUs = -1;
};
