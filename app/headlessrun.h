// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"
#include "record/eventtext.h"
#include "scenario/scenariorunner.h"

#include <QObject>
#include <cstdio>

class EngineController;

// A run without a window (redlockscope --headless): the engine alone, in its thread. Either
// the history on stdout for --duration seconds (or until a signal), or a scenario (--scenario
// FILE, --exec "a; b") with each step and its time, and a last line `verdict: PASS|FAIL ...`.
// A script that a signal, or the end of --duration, stops before its last line ends with
// `verdict: INTERRUPTED`, the line it was on and what had been checked.
// Exit codes (docs/guide.md, "Exit codes"): 0 as expected, 1 not as expected, 2 could not run (or
// the run file could not be written whole), 3 interrupted.
class HeadlessRun : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        EngineConfig config;
        // 0: until a signal, or until the script ends. With a script: its time limit.
        double durationS = 0;
        QString source;              // the script: a file, builtin:NAME or "--exec"; "": none
        QString scriptText;          // its text, read and checked before anything started
        std::optional<quint64> seed; // overrides the scenario's `seed`
    };

    explicit HeadlessRun(const Options& options, QObject* parent = nullptr);
    ~HeadlessRun() override;

    // Runs until done; returns the exit code.
    int exec();
    // After exec(): the scenario's result and the whole run's counters.
    const ScenarioResult& result() const { return m_result; }
    CheckCounters counters() const;

private:
    bool scripted() const { return !m_options.source.isEmpty(); }
    void onStarted();
    void onFinished(const ScenarioResult& result);
    // A signal, or the end of --duration: a plain run ends (0), a script is interrupted.
    void stop(const QString& why, bool byTime);
    bool checkOwnRun();
    static bool loud(const HistoryEvent& e);
    void print(FILE* stream, const QString& text);
    QString stamp() const;

    Options m_options;
    EngineController* m_engine;
    EventText m_text;
    int m_code = 0;
    ScenarioResult m_result;
    bool m_finished = false; // the scenario ended (its result is in m_result)
    bool m_stopping = false; // a signal or --duration asked the script to stop
    qint64 m_readyUs = 0;    // when the nodes and the storage were up: the story's time zero
    bool m_up = false;       // ... they were
};
