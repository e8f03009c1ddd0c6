// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartstyle.h"
#include "model/fault.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

class QAbstractAxis;
class QAreaSeries;
class QChart;
class QLineSeries;
class RunData;

// The faults of a run shaded across a time chart, as Jepsen's perf charts shade their nemesis
// periods, and named in its legend ("client paused (GC pause)", "node killed"): one area
// series per kind of fault, made before the chart's other series so that it lies beneath them.
// Kinds that never happened stay out of the legend.
class FaultShading
{
    Q_DECLARE_TR_FUNCTIONS(FaultShading)

public:
    struct Stretch
    {
        qint64 startUs = 0;
        qint64 endUs = 0;
        QString who; // "C1", "node 3"
    };

    // Adds the series to `chart` on its axes.
    void attach(QChart* chart, QAbstractAxis* x, QAbstractAxis* y, const ChartStyle& style);
    // The shading of [t0, t1] (µs), from y = low to high (the y axis' range).
    void feed(const RunData& data, qint64 t0Us, qint64 t1Us, double low, double high);
    // The faults going on at tUs, in words; "" when none.
    QString describeAt(qint64 tUs) const;

    static QString name(Fault::Kind kind, bool node);

private:
    struct Band
    {
        Fault::Kind kind;
        bool node;
        QAreaSeries* area = nullptr;
        QLineSeries* upper = nullptr;
        QLineSeries* lower = nullptr;
        QList<Stretch> stretches;
        bool everShown = false;
    };

    QChart* m_chart = nullptr;
    QList<Band> m_bands;
};
