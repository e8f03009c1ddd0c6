// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

// The folder runs are recorded into when no --record FILE is given: the user's data folder
// (the generic data location, e.g. ~/.local/share/redlockscope/runs), where the
// newest `Kept` runs stay and older ones are removed as new ones begin.
class RunFolder
{
public:
    static constexpr int Kept = 20;

    static QString defaultPath();
    explicit RunFolder(const QString& path = defaultPath());

    const QString& path() const { return m_path; }
    // A file for a run beginning now ("run-20240501-132501-042.jsonl"):
    // creates the folder and removes the oldest runs, so that with this one `Kept` remain.
    // Empty, with *error saying why, when the folder cannot be made.
    QString newRun(QString* error) const;
    // The run files here, newest first.
    QStringList runs() const;

private:
    void prune(int keep) const;

    QString m_path;
};
