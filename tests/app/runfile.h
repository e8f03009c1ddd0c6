// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A run file (JSON Lines) as the tests of foreign clients read it: its events, the foreign
// lanes it added, what an `exec` line's client printed as its own count, when a step ran.
// Shared by tst_noderedlock and the library matrix (tst_lockclients).
#include "apprun.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>

namespace RunFile {

inline QList<QJsonObject> events(const QString& runFile)
{
    QList<QJsonObject> out;
    for (const QByteArray& line : AppRun::readAll(runFile).split('\n'))
        if (!line.isEmpty())
            out << QJsonDocument::fromJson(line).object();
    return out;
}

// The foreign lanes' labels ("redlock-w0", "node (pid 4121)") by client id.
inline QHash<int, QString> lanes(const QList<QJsonObject>& run)
{
    QHash<int, QString> out;
    for (const QJsonObject& e : run)
        if (e.value("kind").toString() == "client-added" && e.value("code").toInt() == 1)
            out.insert(e.value("client").toInt(), e.value("note").toString());
    return out;
}

// What the client of scenario line `line` printed last: its own count.
inline QJsonObject ownCount(const QList<QJsonObject>& run, int line)
{
    QJsonObject last;
    for (const QJsonObject& e : run) {
        const QString text = e.value("text").toString();
        if (e.value("line").toInt() == line && text.startsWith("exec: {\"acquisitions\""))
            last = QJsonDocument::fromJson(text.mid(6).toUtf8()).object();
    }
    return last;
}

// The time of the command event of `text` (its scenario step), or -1.
inline qint64 commandTime(const QList<QJsonObject>& run, const QString& text)
{
    for (const QJsonObject& e : run)
        if (e.value("kind").toString() == "command" && e.value("text").toString() == text)
            return qint64(e.value("t").toDouble());
    return -1;
}

} // namespace RunFile
