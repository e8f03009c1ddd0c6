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
// Exit codes: 0 as expected, 1 not as expected, 2 could not run.
class HeadlessRun : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        EngineConfig config;
        double durationS = 0;        // 0: until a signal, or until the scenario ends
        QString scenario;            // a file or builtin:NAME
        QString execText;            // --exec lines
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
    bool scripted() const { return !m_options.scenario.isEmpty() || !m_options.execText.isEmpty(); }
    void onStarted();
    void onFinished(const ScenarioResult& result);
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
    qint64 m_readyUs = 0;    // when the nodes and the storage were up: the story's time zero
};
