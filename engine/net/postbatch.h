// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QTimer>
#include <deque>
#include <functional>

// Calls that post to another thread (queued signals), gathered in the thread that makes them
// and made together, in the order they came, at most `delayMs` after the first of them.
//
// Why: every post to an idle thread wakes it (an eventfd write here, a wake-up and an epoll
// turn there). A foreign client's every command was one such wake of the engine; a batch
// makes a millisecond of Redlock rounds one wake (docs/proxy.md, "What the engine hears, and
// when"). The receiver hears the same things in the same order, up to `delayMs` later; what
// happened is timed where it happened (ForeignExchange's sentUs and repliedUs), not when it
// is heard.
//
// Lives in one thread and is called only there. flush() makes every gathered call now: the
// owner of the thread calls it before a caller blocked on that thread resumes, and whoever
// gathered calls that name itself calls it before it dies.
class PostBatch : public QObject
{
    Q_OBJECT

public:
    explicit PostBatch(int delayMs, QObject* parent = nullptr);

    void add(std::function<void()> call);
    void flush();

private:
    std::deque<std::function<void()>> m_calls;
    QTimer m_timer;
};
