// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>
#include <algorithm>
#include <cmath>
#include <vector>

// Samples in microseconds and their quantiles (nearest rank).
class LatencyStats
{
public:
    void add(qint64 us)
    {
        m_samples.push_back(us);
        m_sorted = false;
    }
    void merge(const LatencyStats& other)
    {
        m_samples.insert(m_samples.end(), other.m_samples.begin(), other.m_samples.end());
        m_sorted = false;
    }
    size_t count() const { return m_samples.size(); }
    bool isEmpty() const { return m_samples.empty(); }

    qint64 percentile(double p) const
    {
        if (m_samples.empty())
            return 0;
        sort();
        const size_t rank = size_t(std::lround(p / 100.0 * double(m_samples.size() - 1)));
        return m_samples[std::min(rank, m_samples.size() - 1)];
    }
    qint64 max() const { return percentile(100); }
    double mean() const
    {
        if (m_samples.empty())
            return 0;
        double sum = 0;
        for (qint64 v : m_samples)
            sum += double(v);
        return sum / double(m_samples.size());
    }

private:
    void sort() const
    {
        if (!m_sorted)
            std::sort(m_samples.begin(), m_samples.end());
        m_sorted = true;
    }

    mutable std::vector<qint64> m_samples;
    mutable bool m_sorted = true;
};
