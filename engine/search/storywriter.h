// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"
#include "search/schedule.h"

#include <QHash>
#include <QStringList>
#include <QTranslator>
#include <memory>
#include <vector>

struct ClientSettings;

// Tells a counterexample as a story, from what happened in a run of it (its history), not
// from what the schedule meant to do: who held the lock when a fault hit, when a lock
// expired, who acquired while another was inside, which write lost an update. Each sentence
// is a caption at its moment of the schedule, in English, Chinese and Japanese: the templates
// are Qt Linguist entries (context "StoryWriter"), rendered in each language with the app's
// own translations (:/i18n), so a scenario carries all three `say` lines whatever language
// the app runs in.
class StoryWriter
{
public:
    StoryWriter();
    ~StoryWriter();

    // What the story is told from: the schedule as run, the run's events, the clients'
    // settings, and, when a property's line failed, the expectations that did not hold.
    struct Run
    {
        const Schedule* schedule = nullptr;
        const std::vector<HistoryEvent>* events = nullptr;
        const ClientSettings* settings = nullptr;
        QStringList failedExpectations; // "acquisitions(P) >= 1: 0 ✗"
        QString waitedFor;              // a property's `wait until` that timed out
        int waitedMs = 0;
        QString waiter;           // its client
        bool ranToItsEnd = false; // what comes after the scenario's last line is not told
    };

    QList<Schedule::Caption> captions(const Run& run) const;
    // Whether Chinese and Japanese could be rendered (the translations are compiled into the
    // app; an engine alone has only English, and then writes English only).
    bool translated() const { return m_zh && m_ja; }

private:
    struct Phrase; // a template and its arguments
    class Reading; // what the history says, client by client

    Schedule::Caption caption(int atMs, const QList<Phrase>& phrases) const;
    struct Timed // a caption and when what it tells happened in the run (ms)
    {
        int happenedMs;
        Schedule::Caption caption;
    };
    static QList<Schedule::Caption> merged(const QList<Timed>& captions);
    QString render(const QString& language, const QList<Phrase>& phrases) const;
    QList<Phrase> intro(const Run& run) const;
    QList<Phrase> faultPhrases(const ScheduleStep& step, const Reading& reading, int atMs,
                               const QString& persistence) const;
    void consequences(const Run& run, const Reading& reading, QList<Schedule::Caption>* out) const;
    // What Sentinel did after each node fault of the failover rung (promoted the replica, or
    // saw the master down and let it come back, or never noticed), from its own events.
    void sentinel(const Run& run, const Reading& reading, QList<Schedule::Caption>* out) const;

    std::unique_ptr<QTranslator> m_zh;
    std::unique_ptr<QTranslator> m_ja;
};
