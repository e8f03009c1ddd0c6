// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/latencywindow.h"

#include "model/latencystats.h"

void LatencyWindow::add(qint64 us)
{
    m_samplesUs.push_back(us);
    if (m_samplesUs.size() > Size)
        m_samplesUs.pop_front();
    m_dirty = true;
}

double LatencyWindow::meanUs() const
{
    update();
    return m_meanUs;
}

double LatencyWindow::p99Us() const
{
    update();
    return m_p99Us;
}

void LatencyWindow::update() const
{
    if (!m_dirty)
        return;
    m_dirty = false;
    LatencyStats stats;
    for (qint64 v : m_samplesUs)
        stats.add(v);
    m_meanUs = stats.mean();
    m_p99Us = double(stats.percentile(99));
}
