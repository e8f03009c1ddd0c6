// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/windowstatus.h"

#include "base/textformat.h"
#include "model/enginesnapshot.h"
#include "model/verdict.h"
#include "record/eventtext.h"
#include "widgets/clientlegend.h"
#include "widgets/uitheme.h"

#include <QLabel>
#include <QStatusBar>

WindowStatus::WindowStatus(QStatusBar* bar)
    : QObject(bar), m_answer(addLabel(bar, "lastAnswer", false)),
      m_runTime(addLabel(bar, "runTime", true)), m_rate(addLabel(bar, "eventRate", true)),
      m_nodesUp(addLabel(bar, "nodesUp", true)), m_checker(addLabel(bar, "checkerVerdict", true))
{
    retranslate();
}

QLabel* WindowStatus::addLabel(QStatusBar* bar, const char* objectName, bool permanent)
{
    auto* label = new QLabel(bar);
    label->setObjectName(QLatin1String(objectName));
    label->setContentsMargins(6, 0, 10, 0);
    if (permanent)
        bar->addPermanentWidget(label);
    else
        bar->addWidget(label, 1);
    return label;
}

void WindowStatus::retranslate()
{
    m_runTime->setToolTip(tr("How long the engine has been running."));
    m_rate->setToolTip(tr("History events per second, over the last second."));
    m_nodesUp->setToolTip(tr("Nodes up out of all nodes."));
    m_checker->setToolTip(tr("The safety checker's verdict on the history so far."));
    m_answer->setToolTip(tr("The engine's answer to the last command."));
    forgetColours(); // show() says the verdict again, in the new words
}

void WindowStatus::showStarting()
{
    m_runTime->setText(tr("Starting…"));
    m_rate->clear();
    m_nodesUp->clear();
    m_checker->clear();
}

void WindowStatus::forgetColours()
{
    m_checker->clear();
}

void WindowStatus::show(const EngineSnapshot& snapshot, const ClientLegend& legend, bool dark)
{
    m_runTime->setText(tr("Run %1").arg(TextFormat::runTime(snapshot.tUs)));
    m_rate->setText(tr("%L1 events/s").arg(qRound(snapshot.eventsPerSecond)));
    int up = 0;
    for (const NodeSnapshot& node : snapshot.nodes)
        up += node.state == NodeSnapshot::State::Up ? 1 : 0;
    m_nodesUp->setText(tr("Nodes %1/%2 up").arg(up).arg(snapshot.nodes.size()));
    showVerdict(snapshot, legend, dark);
}

void WindowStatus::showVerdict(const EngineSnapshot& snapshot, const ClientLegend& legend,
                               bool dark)
{
    const CheckCounters& counters = snapshot.counters;
    const QString verdict = tr("Checker: %1").arg(Verdict::headline(counters));
    if (m_checker->text() != verdict) {
        m_checker->setText(verdict);
        QPalette p = m_checker->palette();
        const Verdict::Level level = Verdict::level(counters);
        p.setColor(QPalette::WindowText, level == Verdict::Level::Safe     ? UiTheme::good(dark)
                                         : level == Verdict::Level::Fenced ? UiTheme::warn(dark)
                                                                           : UiTheme::bad(dark));
        m_checker->setPalette(p);
    }
    if (snapshot.violations.isEmpty()) {
        m_checker->setToolTip(tr("The safety checker found no violation in the history so far."));
        return;
    }
    EventText text;
    for (int id : legend.ids())
        text.setClientName(id, legend.name(id));
    const Violation& v = snapshot.violations.last();
    m_checker->setToolTip(text.describe(v.toEvent(HistoryEvent::Kind::Violation, v.startUs)));
}

void WindowStatus::setAnswer(const QString& text, const QString& toolTip)
{
    m_answer->setText(text);
    if (!toolTip.isEmpty())
        m_answer->setToolTip(toolTip);
}

QString WindowStatus::answer() const
{
    return m_answer->text();
}

void WindowStatus::sent(quint64 id, const QString& line)
{
    m_lines.insert(id, line);
}

void WindowStatus::answered(quint64 id, bool ok, const QString& message, bool dark)
{
    const QString line = m_lines.take(id);
    const QString text = line.isEmpty() ? message : QStringLiteral("%1  →  %2").arg(line, message);
    m_answer->setText((ok ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + text);
    QPalette p = m_answer->palette();
    p.setColor(QPalette::WindowText,
               ok ? m_answer->parentWidget()->palette().color(QPalette::WindowText)
                  : UiTheme::bad(dark));
    m_answer->setPalette(p);
}
