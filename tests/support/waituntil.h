// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QEventLoop>
#include <QTimer>
#include <functional>

// Runs an event loop until done() holds (checked every millisecond) or the time is up.
// Unlike QTest::qWaitFor, which sleeps in 10 ms steps between event rounds, this serves
// every event as it comes, so measured latencies and deadlines are the connection's own.
inline bool waitUntil(const std::function<bool()>& done, int timeoutMs)
{
    if (done())
        return true;
    QEventLoop loop;
    QTimer poll;
    poll.setTimerType(Qt::PreciseTimer);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    poll.start(1);
    loop.exec();
    return done();
}
