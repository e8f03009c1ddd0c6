// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/postbatch.h"

#include <utility>

PostBatch::PostBatch(int delayMs, QObject* parent) : QObject(parent), m_timer(this)
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(delayMs);
    connect(&m_timer, &QTimer::timeout, this, &PostBatch::flush);
}

void PostBatch::add(std::function<void()> call)
{
    if (m_calls.empty())
        m_timer.start(); // from the first: no call waits longer than the delay
    m_calls.push_back(std::move(call));
}

void PostBatch::flush()
{
    m_timer.stop();
    // Popped one at a time, not taken as a whole: should a call gather more or flush again
    // (a receiver in this thread), it goes on with the same queue: each call made once, in
    // order.
    while (!m_calls.empty()) {
        const std::function<void()> call = std::move(m_calls.front());
        m_calls.pop_front();
        call();
    }
}
