// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>
#include <deque>

// A client's newest acquire latencies (1,000 of them) and their mean and p99, for its lane:
// the live client and the replayed one keep the same window, so a scrubbed run shows what
// the live one did.
class LatencyWindow
{
public:
    static constexpr size_t Size = 1000;

    void add(qint64 us);
    bool isEmpty() const { return m_samplesUs.empty(); }
    // Computed when a sample came in since the last call, not on every snapshot.
    double meanUs() const;
    double p99Us() const;

private:
    void update() const;

    std::deque<qint64> m_samplesUs;
    mutable bool m_dirty = false;
    mutable double m_meanUs = 0;
    mutable double m_p99Us = 0;
};
