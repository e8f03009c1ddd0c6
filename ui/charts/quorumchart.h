// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartlabels.h"
#include "charts/runchart.h"

#include "charts/runseries.h"

class QLineSeries;
class QScatterSeries;
class QValueAxis;

// The quorum over time: the OK votes of each round of an acquire (acquired, not acquired, and
// split votes marked apart, larger, on top: a diamond at each client's share of the round's
// votes, labelled with how they split, "split C1 2 · C2 2 · C3 1"), the rule a round must
// meet as a line (a majority
// of the nodes for Redlock, one node for the single-node rungs; both when clients run both),
// and the most nodes holding one client's key at each moment as a step line. Points are drawn
// after the lines, so no line hides a vote.
class QuorumChart : public RunChart
{
    Q_OBJECT

public:
    struct Counts // rounds in the window, as fed
    {
        qint64 acquired = 0;
        qint64 failed = 0; // split votes not included
        qint64 splitVotes = 0;
    };

    QuorumChart(const RunData* data, const Look& look);

    const Counts& counts() const { return m_counts; }
    // (time µs, most nodes holding one client's key) at every change within [t0, t1].
    static QList<QPointF> holders(const RunData& data, qint64 t0Us, qint64 t1Us);

protected:
    void feed(int columns) override;
    QString describePoint(const QXYSeries* series, const Downsampler::Point& point) const override;

private:
    void feedRules(bool majority, bool single);
    void feedHolders(int columns);
    QString splitText(const RunSeries::Attempt& a) const;

    QValueAxis* m_nodes;
    QLineSeries* m_majority;
    QLineSeries* m_single;
    QLineSeries* m_holders;
    QScatterSeries* m_acquired;
    QScatterSeries* m_failed;
    QScatterSeries* m_split;
    Counts m_counts;
    ChartLabels m_labels;     // how each split round's votes split
    QStringList m_splitTexts; // the labels' words, by mark kind (one kind per split round)
};
