// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/schedulestep.h"

#include <QList>
#include <QString>
#include <QStringList>

// A schedule the search runs: the settings every client starts from, the nodes' persistence,
// the stock, then steps in time order (clients joining, faults), and the moment it ends. It
// is written as a scenario (.rls): `seed`, `defaults`, `stock`, the steps' lines with `sleep`
// between them, and after the end the property's lines. Captions (`say`, `say.zh`, `say.ja`)
// go in at their moments when the story is told.
struct Schedule
{
    // A narration line at a moment of the schedule, in the three languages.
    struct Caption
    {
        int atMs = 0;
        QString en;
        QString zh;
        QString ja;
    };

    quint64 seed = 1;     // the scenario's seed: every client's random choice comes from it
    QStringList defaults; // key=value for every client (strategy first)
    QString persistence;  // the nodes' AOF mode ("everysec", "always"); empty: none
    int nodeCount = 5;
    int stock = 100;
    QList<ScheduleStep> steps; // by atMs
    int endMs = 0;             // the schedule runs until here, then the property's lines

    // The clients that join, in order.
    QStringList clients() const;
    // The lines of the steps (client add, faults and what ends them): the schedule's length
    // as the search reports it. `sleep`, `say` and the header are not counted.
    int commandCount() const;
    // The latest moment any fault lasts to (its end line, or its own length): endMs never
    // comes before it.
    int lastActionMs() const;
    // Steps sorted by time (stable), endMs at least lastActionMs().
    void normalise();

    // The scenario: optional comment lines on top, the captions at their moments, then
    // `propertyLines` after the end (expect lines, or what must come true).
    QString toScenario(const QStringList& comments = {}, const QList<Caption>& captions = {},
                       const QStringList& propertyLines = {}) const;
    // The line number (1-based) where the property's lines begin in toScenario()'s text
    // with the same arguments: a failure before it is the schedule's own (a refused step).
    int propertyFirstLine(const QStringList& comments = {},
                          const QList<Caption>& captions = {}) const;

    friend bool operator==(const Schedule&, const Schedule&) = default;

private:
    QStringList bodyLines(const QStringList& comments, const QList<Caption>& captions) const;
};
