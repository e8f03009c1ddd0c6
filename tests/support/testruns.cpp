// SPDX-License-Identifier: GPL-3.0-or-later
#include "testruns.h"

#include <QDir>
#include <QFile>

void TestRuns::keep(const QString& runPath, const QString& name)
{
    const QString folder = qEnvironmentVariable("REDLOCK_TEST_RUNS");
    if (folder.isEmpty() || !QFile::exists(runPath))
        return;
    const QString target = QDir(folder).filePath(name + QStringLiteral(".jsonl"));
    QFile::remove(target);
    QFile::copy(runPath, target);
}
