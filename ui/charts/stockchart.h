// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartlabels.h"
#include "charts/runchart.h"

class QLineSeries;
class QScatterSeries;
class QValueAxis;

// The seed's oversell example, on one time axis: the stock the storage holds, the items sold
// since `stock N` (every accepted write), the stock put there as a line, and the stock there
// should be (stock N minus the sales) dotted. Where the stock stands above the dotted line,
// sales were lost; sales above the stock line are items that were not there. Each oversold
// item is marked on the sales, each lost update (a write that erased sales it never saw) on
// the stock, and both are labelled. So "5 -> 2 while 6 were sold" reads off the chart.
class StockChart : public RunChart
{
    Q_OBJECT

public:
    struct Counts // in the window, as fed
    {
        qint64 sales = 0;
        qint64 oversold = 0;    // items
        qint64 lostUpdates = 0; // sales minus the drop of the stock (docs/domain.md)
    };

    StockChart(const RunData* data, const Look& look);

    const Counts& counts() const { return m_counts; }

protected:
    void feed(int columns) override;
    QString describePoint(const QXYSeries* series, const Downsampler::Point& point) const override;

private:
    void feedLines(int columns, double* low, double* high);
    void feedDamage();

    QValueAxis* m_items;
    QLineSeries* m_initial;
    QLineSeries* m_sold;
    QLineSeries* m_expected;
    QLineSeries* m_stock;
    QScatterSeries* m_lost;
    QScatterSeries* m_oversold;
    ChartLabels m_labels;
    Counts m_counts;
};
