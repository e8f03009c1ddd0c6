// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/windowdocks.h"

#include "charts/chartspanel.h"
#include "console/consoleview.h"
#include "log/eventlogview.h"

#include <QAction>
#include <QDockWidget>
#include <QLineEdit>
#include <QMainWindow>
#include <QScreen>
#include <algorithm>

namespace {

constexpr int TallScreenPx = 1000; // room for the log beside the lock from the start
constexpr int MinContentPx = 42;   // a dock's contents: a line or two (the console's input)

} // namespace

WindowDocks::WindowDocks(QMainWindow* window)
    : QObject(window), m_window(window), m_log(new EventLogView(window)),
      m_console(new ConsoleView(window)), m_charts(new ChartsPanel(window)),
      m_logDock(addDock(m_log, "eventLogDock")), m_consoleDock(addDock(m_console, "consoleDock")),
      m_chartsDock(addDock(m_charts, "chartsDock"))
{
    window->tabifyDockWidget(m_logDock, m_consoleDock);
    window->tabifyDockWidget(m_logDock, m_chartsDock);
    m_consoleDock->hide();
    m_chartsDock->hide(); // G, View → Charts, or a recorded run shows them
    const QScreen* screen = window->screen();
    m_logDock->setVisible(screen && screen->availableGeometry().height() >= TallScreenPx);
    connect(consoleToggle(), &QAction::toggled, this, [this](bool on) {
        if (on)
            m_console->input()->setFocus();
    });
    for (QDockWidget* dock : docks())
        connect(dock->toggleViewAction(), &QAction::toggled, this,
                [this] { emit openCountChanged(openCount()); });
    retranslate();
}

int WindowDocks::openCount() const
{
    const QList<QDockWidget*> all = docks();
    return int(std::count_if(all.cbegin(), all.cend(), [](const QDockWidget* dock) {
        return dock->toggleViewAction()->isChecked();
    }));
}

QDockWidget* WindowDocks::addDock(QWidget* content, const char* objectName)
{
    auto* dock = new QDockWidget(m_window);
    dock->setObjectName(QLatin1String(objectName));
    dock->setWidget(content);
    dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable |
                      QDockWidget::DockWidgetFloatable);
    m_window->addDockWidget(Qt::BottomDockWidgetArea, dock);
    return dock;
}

QAction* WindowDocks::logToggle() const
{
    return m_logDock->toggleViewAction();
}

QAction* WindowDocks::consoleToggle() const
{
    return m_consoleDock->toggleViewAction();
}

QAction* WindowDocks::chartsToggle() const
{
    return m_chartsDock->toggleViewAction();
}

void WindowDocks::setChartsVisible(bool visible)
{
    m_chartsDock->setVisible(visible);
    if (!visible)
        return;
    m_chartsDock->raise();
    m_window->resizeDocks({m_chartsDock}, {m_window->height() * 2 / 5}, Qt::Vertical);
}

// In normal type they keep their title bars, and with them floating and closing by mouse.
void WindowDocks::setCompact(bool compact)
{
    // In large type a few lines at least, not what the contents would like: on 720 lines the
    // docks give way before the lanes of the story do, and the window never grows past the
    // screen. In normal type their own minimum (a chart that can show its labels).
    for (QDockWidget* dock : docks())
        dock->widget()->setMinimumHeight(compact ? MinContentPx : 0);
    m_charts->setCompact(compact);
    for (QDockWidget* dock : docks()) {
        const bool isCompact = dock->titleBarWidget() != nullptr;
        if (compact == isCompact)
            continue;
        QWidget* old = dock->titleBarWidget();
        dock->setTitleBarWidget(compact ? new QWidget(dock) : nullptr);
        delete old;
    }
}

void WindowDocks::retranslate()
{
    // The toggles take the docks' titles; their menu words are set after.
    m_logDock->setWindowTitle(tr("Event log"));
    m_consoleDock->setWindowTitle(tr("Console"));
    m_chartsDock->setWindowTitle(tr("Charts"));
    logToggle()->setText(tr("&Event log"));
    logToggle()->setToolTip(tr("Show or hide the event log"));
    consoleToggle()->setText(tr("&Console"));
    consoleToggle()->setToolTip(tr("Show or hide the console: type commands and directives"));
    chartsToggle()->setText(tr("&Charts"));
    chartsToggle()->setToolTip(tr("Show or hide the charts: the lock timeline and the others"));
}
