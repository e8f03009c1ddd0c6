// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/scenariobar.h"

#include "scenario/scenariorunner.h"
#include "widgets/uitheme.h"

#include <QAction>
#include <QLabel>
#include <QResizeEvent>
#include <QToolButton>

ScenarioBar::ScenarioBar(QWidget* parent)
    : QToolBar(parent), m_playPause(addButton("actionScenarioPlayPause")),
      m_step(addButton("actionScenarioStep")), m_restart(addButton("actionScenarioRestart")),
      m_stop(addButton("actionScenarioStop")), m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("scenarioBar"));
    setMovable(false);
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_status->setObjectName(QStringLiteral("scenarioStatus"));
    m_status->setContentsMargins(8, 0, 8, 0);
    addWidget(m_status);
    connect(m_playPause, &QAction::triggered, this, [this] {
        if (m_state == int(ScenarioRunner::State::Paused))
            emit resumeRequested();
        else
            emit pauseRequested();
    });
    connect(m_step, &QAction::triggered, this, &ScenarioBar::stepRequested);
    connect(m_restart, &QAction::triggered, this, &ScenarioBar::restartRequested);
    connect(m_stop, &QAction::triggered, this, &ScenarioBar::stopRequested);
    retranslate();
    hide(); // shown once a scenario plays
}

QAction* ScenarioBar::addButton(const char* objectName)
{
    QAction* action = addAction(QString());
    action->setObjectName(QLatin1String(objectName));
    return action;
}

QString ScenarioBar::statusText() const
{
    return m_status->text();
}

void ScenarioBar::start(const Play& play)
{
    m_play = play;
    m_statusForms.clear();
    m_status->setText(play.source);
    show();
}

void ScenarioBar::setState(int state)
{
    m_state = state;
    using S = ScenarioRunner::State;
    const bool paused = state == int(S::Paused);
    const bool running = state == int(S::Running);
    m_playPause->setText(paused ? tr("Play") : tr("Pause"));
    m_playPause->setEnabled(running || paused);
    m_step->setEnabled(paused);
    if (paused)
        m_status->setText(tr("%1 · paused").arg(m_play.source));
    else if (running)
        m_status->setText(tr("%1 · playing").arg(m_play.source));
}

void ScenarioBar::showResult(const ScenarioResult& result)
{
    const bool passed = result.outcome == ScenarioResult::Outcome::Passed;
    const QString line = result.verdictLine();
    // Shorter forms for a narrow bar: without the source, then the verdict word alone.
    const QString verdict = line.section(QStringLiteral("  "), 0, 0);
    m_statusForms = {tr("%1 · %2").arg(m_play.source, line), line,
                     tr("%1 · %2").arg(m_play.source, verdict), verdict};
    m_status->setToolTip(tr("%1 · %2").arg(m_play.source, line));
    const bool dark = UiTheme::isDark(palette());
    QPalette p = m_status->palette();
    p.setColor(QPalette::WindowText, passed ? UiTheme::good(dark) : UiTheme::bad(dark));
    m_status->setPalette(p);
    fitStatus();
}

void ScenarioBar::resizeEvent(QResizeEvent* event)
{
    QToolBar::resizeEvent(event);
    fitStatus();
}

void ScenarioBar::fitStatus()
{
    int buttons = 0;
    for (QAction* action : {m_playPause, m_step, m_restart, m_stop})
        if (QWidget* button = widgetForAction(action))
            buttons += button->sizeHint().width() + layout()->spacing();
    const QMargins margins =
        contentsMargins() + layout()->contentsMargins() + m_status->contentsMargins();
    const int room = std::max(60, width() - buttons - margins.left() - margins.right() - 16);
    m_status->setMaximumWidth(room + m_status->contentsMargins().left() +
                              m_status->contentsMargins().right());
    if (m_statusForms.isEmpty())
        return;
    const QFontMetrics metrics = m_status->fontMetrics();
    QString shown = metrics.elidedText(m_statusForms.last(), Qt::ElideRight, room);
    for (const QString& form : std::as_const(m_statusForms))
        if (metrics.horizontalAdvance(form) <= room) {
            shown = form;
            break;
        }
    m_status->setText(shown);
}

void ScenarioBar::retranslate()
{
    setWindowTitle(tr("Scenario"));
    const auto words = [](QAction* action, const QString& text, const QString& tip) {
        action->setText(text);
        action->setToolTip(tip);
        action->setStatusTip(tip);
    };
    words(m_playPause, tr("Pause"), tr("Pause the scenario after its current step, or play on"));
    words(m_step, tr("Next caption"), tr("Play until the next narration, then pause"));
    words(m_restart, tr("Restart"), tr("Play the scenario again from the start, on fresh nodes"));
    words(m_stop, tr("Stop"), tr("Stop the scenario here; the clients go on"));
    if (!isHidden())
        setState(m_state); // "Play" while paused, the status in the new language
}
