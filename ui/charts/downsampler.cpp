// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/downsampler.h"

#include <algorithm>

Downsampler::Downsampler(double x0, double x1, int columns, Mode mode)
    : m_x0(x0), m_scale(double(std::max(1, columns)) / std::max(x1 - x0, 1e-12)),
      m_columns(std::max(1, columns)), m_mode(mode)
{}

int Downsampler::column(double x) const
{
    return std::clamp(int((x - m_x0) * m_scale), 0, m_columns - 1);
}

void Downsampler::add(double x, double y, quint64 event)
{
    const int c = column(x);
    if (c != m_column) {
        flush();
        m_column = c;
    }
    const Point p{x, y, event};
    switch (m_mode) {
    case Mode::M4: // [first, min, max, last]
        if (m_bucket.empty()) {
            m_bucket.assign(4, p);
            return;
        }
        if (y < m_bucket[1].y)
            m_bucket[1] = p;
        if (y > m_bucket[2].y)
            m_bucket[2] = p;
        m_bucket[3] = p;
        return;
    case Mode::MinMax: // [min, max]
        if (m_bucket.empty()) {
            m_bucket.assign(2, p);
            return;
        }
        if (y < m_bucket[0].y)
            m_bucket[0] = p;
        if (y > m_bucket[1].y)
            m_bucket[1] = p;
        return;
    case Mode::Distinct:
        for (const Point& kept : m_bucket)
            if (kept.y == y)
                return;
        m_bucket.push_back(p);
        return;
    }
}

// The column's kept points in time order, each once.
void Downsampler::flush()
{
    std::sort(m_bucket.begin(), m_bucket.end(),
              [](const Point& a, const Point& b) { return a.x < b.x; });
    for (const Point& p : m_bucket) {
        const bool same = !m_out.empty() && m_out.back().event == p.event &&
                          m_out.back().x == p.x && m_out.back().y == p.y;
        if (!same)
            m_out.push_back(p);
    }
    m_bucket.clear();
}

const std::vector<Downsampler::Point>& Downsampler::points()
{
    flush();
    return m_out;
}

QList<QPointF> Downsampler::values(const std::vector<Point>& points)
{
    QList<QPointF> out;
    out.reserve(qsizetype(points.size()));
    for (const Point& p : points)
        out << QPointF(p.x, p.y);
    return out;
}
