// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/windowstatus.h"

#include "base/textformat.h"
#include "model/enginesnapshot.h"
#include "model/verdict.h"
#include "record/eventtext.h"
#include "widgets/clientlegend.h"
#include "widgets/uitheme.h"

#include <QEvent>
#include <QLabel>
#include <QStatusBar>
#include <QTimer>

WindowStatus::WindowStatus(QStatusBar* bar)
    : QObject(bar), m_answer(addLabel(bar, "lastAnswer", false)),
      m_runTime(addLabel(bar, "runTime", true)), m_rate(addLabel(bar, "eventRate", true)),
      m_nodesUp(addLabel(bar, "nodesUp", true)), m_checker(addLabel(bar, "checkerVerdict", true)),
      m_bar(bar)
{
    // The answer gives way to the figures and the verdict: a long one ("Opened run.jsonl:
    // ...", in a recorded run) once held its whole width and cut the verdict mid-word
    // ("mutual exclu"); it is cut instead, whole in its tooltip.
    m_answer->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    bar->installEventFilter(this);
    retranslate();
}

bool WindowStatus::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_bar &&
        (event->type() == QEvent::Resize || event->type() == QEvent::FontChange))
        QTimer::singleShot(0, this, &WindowStatus::fit);
    return QObject::eventFilter(watched, event);
}

// The verdict whole if it fits beside the others; else without the rate, then without the run
// time; else shorter: its first clause, then its first words ("DATA DAMAGED").
void WindowStatus::fit()
{
    if (m_verdict.isEmpty())
        return;
    const QFontMetrics metrics = m_checker->fontMetrics();
    const QMargins margins = m_checker->contentsMargins();
    const auto widthOf = [&](const QString& text) {
        return metrics.horizontalAdvance(text) + margins.left() + margins.right() + 8;
    };
    const auto labelWidth = [&](const QLabel* l) {
        return l->text().isEmpty()
                   ? 0
                   : l->fontMetrics().horizontalAdvance(l->text()) + l->contentsMargins().left() +
                         l->contentsMargins().right() + 8;
    };
    // Room left of the size grip, the answer squeezed to a little.
    const int room = m_bar->width() - 40 - labelWidth(m_nodesUp);
    const int full = widthOf(m_verdict);
    const bool withRate = full + labelWidth(m_rate) + labelWidth(m_runTime) <= room;
    const bool withRun = full + labelWidth(m_runTime) <= room;
    m_rate->setVisible(withRate);
    m_runTime->setVisible(withRun);
    QStringList forms{m_verdict, m_verdict.section(QStringLiteral(" · "), 0, 0)};
    const qsizetype colon =
        m_verdict.indexOf(QLatin1Char(':'), m_verdict.indexOf(QLatin1Char(':')) + 1);
    if (colon > 0)
        forms << m_verdict.left(colon);
    QString text = forms.last();
    for (const QString& form : forms)
        if (widthOf(form) <= room - (withRun ? labelWidth(m_runTime) : 0)) {
            text = form;
            break;
        }
    if (m_checker->text() != text)
        m_checker->setText(text);
    m_checker->setToolTip(text == m_verdict ? m_verdictTip
                                            : m_verdict + QStringLiteral("\n\n") + m_verdictTip);
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
    m_verdict.clear();
}

void WindowStatus::forgetColours()
{
    m_checker->clear();
    m_verdict.clear();
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
    if (m_verdict != verdict) {
        m_verdict = verdict;
        m_checker->setText(verdict);
        QPalette p = m_checker->palette();
        const Verdict::Level level = Verdict::level(counters);
        p.setColor(QPalette::WindowText, level == Verdict::Level::Safe     ? UiTheme::good(dark)
                                         : level == Verdict::Level::Fenced ? UiTheme::warn(dark)
                                                                           : UiTheme::bad(dark));
        m_checker->setPalette(p);
    }
    if (snapshot.violations.isEmpty()) {
        m_verdictTip = tr("The safety checker found no violation in the history so far.");
    } else {
        EventText text;
        for (int id : legend.ids())
            text.setClientName(id, legend.name(id));
        const Violation& v = snapshot.violations.last();
        m_verdictTip = text.describe(v.toEvent(HistoryEvent::Kind::Violation, v.startUs));
    }
    fit();
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
