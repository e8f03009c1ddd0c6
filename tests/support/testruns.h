// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// Keeps a run file a test made for the second judge (tests/judge/, docs/domain.md, "Two
// judges"): copied into the folder the suite's runs are gathered in ($REDLOCK_TEST_RUNS), under
// `name`; nothing when the test runs outside the suite.
class TestRuns
{
public:
    static void keep(const QString& runPath, const QString& name);
};
