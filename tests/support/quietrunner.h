// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario/scenarioparser.h"
#include "scenario/scenariorunner.h"

// A scenario runner's parts for the tests of the runner alone: the scenario parsed from text
// (for five nodes; a test whose text does not parse stops there), and hooks that answer every
// command "ok", know no client and count nothing.
inline Scenario parsedScenario(const QString& text)
{
    ScenarioParser::Error error;
    const auto s = ScenarioParser::parse(text, QStringLiteral("test.rls"), {5}, &error);
    if (!s)
        qFatal("%s", qPrintable(error.message));
    return *s;
}

inline ScenarioRunner::Hooks quietRunnerHooks()
{
    ScenarioRunner::Hooks h;
    h.runCommand = [](const ParsedCommand&, const AnswerCallback& done) {
        done(CommandAnswer{true, QStringLiteral("ok")});
    };
    h.client = [](const QString&) { return std::optional<ClientSnapshot>(); };
    h.counters = [](const QString&) { return CheckCounters{}; };
    h.applySeed = [](quint64) {};
    h.record = [](const HistoryEvent&) {};
    return h;
}
