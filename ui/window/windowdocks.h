// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QObject>

class ChartsPanel;
class ConsoleView;
class EventLogView;
class QAction;
class QDockWidget;
class QMainWindow;

// The window's three docks, tabbed under the lock: the event log, the console and the charts.
// Each has a toggle action (E, `, C in the window's table); the console takes the focus when
// shown. A projector's 720 lines go to the lock first: the log opens by itself only on a tall
// screen, the console and the charts when asked.
class WindowDocks : public QObject
{
    Q_OBJECT

public:
    explicit WindowDocks(QMainWindow* window);

    EventLogView* log() const { return m_log; }
    ConsoleView* console() const { return m_console; }
    ChartsPanel* charts() const { return m_charts; }
    QAction* logToggle() const;
    QAction* consoleToggle() const;
    QAction* chartsToggle() const;

    // Shown, they get a good share of the height: the timeline is the reason to show them.
    void setChartsVisible(bool visible);
    // In large type the docks lose their title bars (the tabs and the toolbar's toggles name
    // them): on 720 lines those are lines for the lock.
    void setCompact(bool compact);
    void retranslate();
    // Docks open now; two or more share the area under tabs, a line of its own.
    int openCount() const;

signals:
    void openCountChanged(int count);

private:
    QDockWidget* addDock(QWidget* content, const char* objectName);
    QList<QDockWidget*> docks() const { return {m_logDock, m_consoleDock, m_chartsDock}; }

    QMainWindow* m_window;
    EventLogView* m_log;
    ConsoleView* m_console;
    ChartsPanel* m_charts;
    QDockWidget* m_logDock;
    QDockWidget* m_consoleDock;
    QDockWidget* m_chartsDock;
};
