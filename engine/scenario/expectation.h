// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commands/parsedcommand.h"
#include "model/checkcounters.h"

#include <QString>
#include <functional>
#include <optional>

// One `expect` line: NAME OP NUMBER (NAME(CLIENT) for one client's count), `expect safe`
// (no overlap and no damaged data), or `expect NAME any`: the count may be anything, and a
// violation of that kind does not fail the run (ladder-5's lost updates come or not, by
// timing). Checked at the end of a scenario against the checker. A comparison that cannot
// fail (`>= 0`) or cannot hold (`< 0`) is refused when the scenario is read: it would say
// nothing, or fail every run.
class Expectation
{
public:
    // Reads an `expect` command; nullopt with *error (naming what is wrong) otherwise.
    static std::optional<Expectation> from(const ParsedCommand& command, QString* error);

    // The client a per-client expectation names ("C1"), empty for the whole run.
    const QString& client() const { return m_client; }
    CheckCounters::Name name() const { return m_name; }

    // Evaluates against the counters (the whole run's or the named client's).
    bool holds(const CheckCounters& counters) const;
    qint64 measured(const CheckCounters& counters) const;
    // "overlaps(C1) >= 1: 2 ✓", "expect safe: DATA DAMAGED ... ✗".
    QString report(const CheckCounters& counters) const;
    // Whether this expectation is about `name` (then a violation of that kind was expected).
    bool mentions(CheckCounters::Name name) const { return !m_safe && m_name == name; }
    // As written after `expect`.
    const QString& text() const { return m_text; }
    // What an expectation says of a client no client of the run was called.
    static QString noSuchClient(const QString& client);

private:
    QString m_text;
    QString m_client;
    bool m_safe = false;
    CheckCounters::Name m_name = CheckCounters::Name::Overlaps;
    bool m_any = false;
    QString m_op;
    qint64 m_number = 0;
};
