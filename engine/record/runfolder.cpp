// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/runfolder.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QStandardPaths>

namespace {
const QString Pattern = QStringLiteral("run-*.jsonl");
} // namespace

QString RunFolder::defaultPath()
{
    // By name, not AppLocalDataLocation: that adds the organization too (set for QSettings),
    // and runs belong in ~/.local/share/redlockscope/runs, not .../redlockscope/redlockscope.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/redlockscope/runs");
}

RunFolder::RunFolder(const QString& path) : m_path(path) {}

QStringList RunFolder::runs() const
{
    QStringList paths;
    // Names carry the start time, so by name is by age, whatever the file times say.
    const QStringList names =
        QDir(m_path).entryList({Pattern}, QDir::Files, QDir::Name | QDir::Reversed);
    for (const QString& name : names)
        paths << QDir(m_path).filePath(name);
    return paths;
}

QString RunFolder::newRun(QString* error) const
{
    if (!QDir().mkpath(m_path)) {
        *error =
            QCoreApplication::translate("RunFolder", "cannot create the folder %1").arg(m_path);
        return {};
    }
    prune(Kept - 1);
    const QString stem = QStringLiteral("run-%1").arg(
        QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")));
    // Created here, exclusively: two apps started in the same millisecond (a test suite in
    // parallel) must not get one file between them.
    QString path = QDir(m_path).filePath(stem + QStringLiteral(".jsonl"));
    for (int n = 2;; ++n) {
        QFile file(path);
        if (file.open(QIODevice::WriteOnly | QIODevice::NewOnly))
            return path;
        if (!file.exists()) {
            *error = QCoreApplication::translate("RunFolder", "cannot create %1: %2")
                         .arg(path, file.errorString());
            return {};
        }
        path = QDir(m_path).filePath(QStringLiteral("%1-%2.jsonl").arg(stem).arg(n));
    }
}

void RunFolder::prune(int keep) const
{
    const QStringList all = runs();
    for (qsizetype i = keep; i < all.size(); ++i)
        QFile::remove(all[i]);
}
