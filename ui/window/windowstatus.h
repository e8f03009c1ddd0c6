// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QObject>
#include <QString>

class ClientLegend;
class QLabel;
class QStatusBar;
struct EngineSnapshot;

// The status bar: the engine's answer to the last command on the left (a menu's tip may take
// its place for a moment), and on the right, permanent, the run time, the event rate, the
// nodes up and the checker's verdict in its colour, which hovering a toolbar never hides.
class WindowStatus : public QObject
{
    Q_OBJECT

public:
    explicit WindowStatus(QStatusBar* bar);

    void show(const EngineSnapshot& snapshot, const ClientLegend& legend, bool dark);
    void showStarting();
    // The colours are the theme's: the next show() paints them anew.
    void forgetColours();

    // The tip, when given, tells more than fits the bar (it stays until the next one).
    void setAnswer(const QString& text, const QString& toolTip = {});
    QString answer() const;
    // A command line went to the engine as `id`: its answer will name it.
    void sent(quint64 id, const QString& line);
    void answered(quint64 id, bool ok, const QString& message, bool dark);
    void forgetCommands() { m_lines.clear(); }
    void retranslate();

private:
    void showVerdict(const EngineSnapshot& snapshot, const ClientLegend& legend, bool dark);
    QLabel* addLabel(QStatusBar* bar, const char* objectName, bool permanent);

    QLabel* m_answer;
    QLabel* m_runTime;
    QLabel* m_rate;
    QLabel* m_nodesUp;
    QLabel* m_checker;
    QHash<quint64, QString> m_lines; // id -> line, until answered
};
