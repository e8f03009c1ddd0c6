// SPDX-License-Identifier: GPL-3.0-or-later
#include "lanes/clientlane.h"

#include "base/enumnames.h"
#include "lock/strategyfactory.h"

#include "base/textformat.h"
#include "lanes/validitybar.h"
#include "widgets/elidedlabel.h"
#include "widgets/enumtext.h"
#include "widgets/ownerpalette.h"
#include "widgets/pilllabel.h"
#include "widgets/uitheme.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QToolButton>

ClientLane::ClientLane(int clientId, QWidget* parent)
    : QFrame(parent), m_id(clientId), m_name(new PillLabel(this)), m_state(new PillLabel(this)),
      m_cutOff(new PillLabel(this)), m_validity(new ValidityBar(this)),
      m_counters(new ElidedLabel(this)), m_layout(new QHBoxLayout(this))
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    m_name->setMinimumText(QStringLiteral("C10"));
    m_name->setToolTip(tr("The client's name and colour: its keys on the nodes have this colour."));
    m_state->setMinimumText(QStringLiteral("acquiring (try 3)"));
    m_state->setToolTip(tr("What the client's loop is doing now."));
    m_counters->setMuted(true);
    m_cutOff->setObjectName(QStringLiteral("cutOff"));
    m_cutOff->setToolTip(tr("The nodes this client cannot reach (a partition): heal the node to "
                            "reconnect it."));
    m_cutOff->hide();
    m_validity->setObjectName(QStringLiteral("validity"));

    QHBoxLayout* layout = m_layout;
    layout->setContentsMargins(10, 3, 8, 3);
    layout->setSpacing(8);
    layout->addWidget(m_name);
    m_strategy = new QToolButton(this);
    m_strategy->setObjectName(QStringLiteral("strategy"));
    m_strategy->setPopupMode(QToolButton::InstantPopup);
    m_strategy->setFocusPolicy(Qt::TabFocus);
    buildStrategyMenu();
    layout->addWidget(m_strategy);
    m_rung = new QLabel(this); // the rung named on the stage, where no button is
    m_rung->setObjectName(QStringLiteral("rung"));
    m_rung->setVisible(false);
    layout->addWidget(m_rung);
    layout->addWidget(m_state);
    layout->addWidget(m_cutOff);
    layout->addWidget(m_validity, 2);
    layout->addWidget(m_counters, 3);

    m_startStop = addButton(tr("Stop"), QStringLiteral("startStop"),
                            tr("Stop this client's loop (it releases first if it holds the lock), "
                               "or start it again."));
    m_pause =
        addButton(tr("Pause"), QStringLiteral("pause"),
                  tr("Freeze the client like a long GC pause: it keeps believing it holds the "
                     "lock."));
    m_resume = addButton(tr("Resume"), QStringLiteral("resume"),
                         tr("Let the paused client go on, as if no time had passed for it."));
    m_crash =
        addButton(tr("Crash"), QStringLiteral("crash"),
                  tr("Kill the client without a release: its keys stay until their TTL ends."));
    m_restart =
        addButton(tr("Restart"), QStringLiteral("restart"), tr("Start the crashed client again."));
    m_settings =
        addButton(tr("Settings…"), QStringLiteral("settings"),
                  tr("Change this client's TTL, timeouts, drift, retries and work times."));
    m_more = addButton(QStringLiteral("⋯"), QStringLiteral("more"),
                       tr("More faults: a timed GC pause, cut off from nodes."));
    m_more->setPopupMode(QToolButton::InstantPopup);
    buildMenu();
    m_remove = addButton(QStringLiteral("✕"), QStringLiteral("remove"),
                         tr("Remove this client (it releases first if it holds the lock)."));
    for (QToolButton* b :
         {m_startStop, m_pause, m_resume, m_crash, m_restart, m_settings, m_more, m_remove})
        layout->addWidget(b);

    applyFonts();

    connect(m_startStop, &QToolButton::clicked, this, [this] {
        send(m_client.state == ClientSnapshot::State::Stopped ? QStringLiteral("start")
                                                              : QStringLiteral("stop"));
    });
    connect(m_pause, &QToolButton::clicked, this, [this] { send(QStringLiteral("pause")); });
    connect(m_resume, &QToolButton::clicked, this, [this] { send(QStringLiteral("resume")); });
    connect(m_crash, &QToolButton::clicked, this, [this] { send(QStringLiteral("crash")); });
    connect(m_restart, &QToolButton::clicked, this, [this] { send(QStringLiteral("restart")); });
    connect(m_remove, &QToolButton::clicked, this, [this] { send(QStringLiteral("remove")); });
    connect(m_settings, &QToolButton::clicked, this, [this] { emit settingsRequested(m_id); });
    updateButtons();
}

QToolButton* ClientLane::addButton(const QString& text, const QString& objectName,
                                   const QString& tip)
{
    auto* button = new QToolButton(this);
    button->setText(text);
    button->setObjectName(objectName);
    button->setToolTip(tip);
    button->setFocusPolicy(Qt::TabFocus);
    return button;
}

void ClientLane::applyFonts()
{
    // As on the node cards: the buttons are the presenter's and keep a normal size.
    m_applyingFonts = true;
    QFont buttonFont = font();
    buttonFont.setPointSizeF(qMin(font().pointSizeF() * 0.9, 10.0));
    for (QToolButton* b : {m_startStop, m_pause, m_resume, m_crash, m_restart, m_settings, m_more,
                           m_remove, m_strategy})
        b->setFont(buttonFont);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    m_counters->setFont(small);
    m_applyingFonts = false;
    equalizeButtonWidths();
}

void ClientLane::equalizeButtonWidths()
{
    // Buttons that share a place (pause / resume, crash / restart) or change their word
    // (stop / start) get one width, so every lane's columns line up whatever the state.
    auto widthFor = [](QToolButton* b, const QStringList& texts) {
        const QString saved = b->text();
        int w = 0;
        for (const QString& t : texts) {
            b->setText(t);
            w = qMax(w, b->sizeHint().width());
        }
        b->setText(saved);
        return w;
    };
    const int startStop = widthFor(m_startStop, {tr("Stop"), tr("Start")});
    m_startStop->setFixedWidth(startStop);
    const int pause =
        qMax(widthFor(m_pause, {m_pause->text()}), widthFor(m_resume, {m_resume->text()}));
    m_pause->setFixedWidth(pause);
    m_resume->setFixedWidth(pause);
    const int crash =
        qMax(widthFor(m_crash, {m_crash->text()}), widthFor(m_restart, {m_restart->text()}));
    m_crash->setFixedWidth(crash);
    m_restart->setFixedWidth(crash);
}

void ClientLane::send(const QString& verb, const QString& args)
{
    QString line = QStringLiteral("client %1 %2").arg(verb, m_client.name);
    if (!args.isEmpty())
        line += QLatin1Char(' ') + args;
    emit commandRequested(line);
}

void ClientLane::buildMenu()
{
    auto* menu = new QMenu(m_more);
    menu->setObjectName(QStringLiteral("moreMenu"));
    menu->setToolTipsVisible(true);
    m_more->setMenu(menu);
    m_pauseFor = menu->addAction(tr("Pause for 5 s (GC)"));
    m_pauseFor->setObjectName(QStringLiteral("pauseFor"));
    m_pauseFor->setToolTip(tr("Freeze the client for five seconds, like a long GC pause."));
    connect(m_pauseFor, &QAction::triggered, this,
            [this] { send(QStringLiteral("pause"), QStringLiteral("5000")); });
    m_pausePastTtl = menu->addAction(tr("Pause past its TTL"));
    m_pausePastTtl->setObjectName(QStringLiteral("pausePastTtl"));
    m_pausePastTtl->setToolTip(
        tr("Freeze the client for its TTL plus two seconds: if it holds the lock, it wakes up "
           "believing it still does, while another client may have taken it."));
    connect(m_pausePastTtl, &QAction::triggered, this,
            [this] { send(QStringLiteral("pause"), QString::number(pastTtlPauseMs(m_client))); });
    menu->addSeparator();
    m_nodeMenu = menu->addMenu(tr("Cut off from node"));
    m_nodeMenu->setObjectName(QStringLiteral("cutOffMenu"));
    m_nodeMenu->setToolTipsVisible(true);
    m_nodeMenu->menuAction()->setToolTip(
        tr("Cut this client's connections to some nodes (a partition). Heal the node to "
           "reconnect it."));
    setNodeCount(0);
    // A lane heals what cuts it off; `node heal` ends every network fault of those nodes.
    m_heal = menu->addAction(tr("Heal its partitions"));
    m_heal->setObjectName(QStringLiteral("healCut"));
    m_heal->setEnabled(false);
    connect(m_heal, &QAction::triggered, this, [this] {
        for (int n : std::as_const(m_cutOffFrom))
            emit commandRequested(QStringLiteral("node heal %1").arg(n));
    });
}

void ClientLane::buildStrategyMenu()
{
    auto* menu = new QMenu(m_strategy);
    menu->setObjectName(QStringLiteral("strategyMenu"));
    menu->setToolTipsVisible(true);
    for (const QString& name : Strategy::names()) {
        const auto kind = EnumNames::parse<Strategy::Kind>(name);
        QAction* a = menu->addAction(name);
        a->setObjectName(QStringLiteral("strategy_%1").arg(name));
        a->setData(int(*kind));
        connect(a, &QAction::triggered, this,
                [this, name] { send(QStringLiteral("set"), QStringLiteral("strategy=") + name); });
    }
    m_strategy->setMenu(menu);
    setSentinelReady(false);
}

// The failover rung runs only while Sentinel does (the snapshot says when).
void ClientLane::setSentinelReady(bool ready)
{
    for (QAction* a : m_strategy->menu()->actions()) {
        const auto kind = Strategy::Kind(a->data().toInt());
        QString why;
        a->setEnabled(StrategyFactory::canRun(kind, ready, &why));
        a->setToolTip(a->isEnabled() ? Strategy::describe(kind) : why);
    }
}

void ClientLane::setNodeCount(int count)
{
    if (count == m_nodeCount && !m_nodeMenu->isEmpty())
        return;
    m_nodeCount = count;
    m_nodeMenu->clear();
    if (count <= 0) {
        m_nodeMenu->addAction(tr("(no nodes yet)"))->setEnabled(false);
        return;
    }
    for (int n = 1; n <= count; ++n) {
        QAction* a = m_nodeMenu->addAction(tr("Node %1").arg(n));
        a->setObjectName(QStringLiteral("cutOffFrom%1").arg(n));
        a->setToolTip(tr("This client can no longer reach node %1.").arg(n));
        connect(a, &QAction::triggered, this,
                [this, n] { send(QStringLiteral("partition"), QString::number(n)); });
    }
    if (count >= 3) {
        m_nodeMenu->addSeparator();
        const int majority = count / 2 + 1;
        QStringList nodes;
        for (int n = 1; n <= majority; ++n)
            nodes << QString::number(n);
        QAction* a = m_nodeMenu->addAction(tr("A majority (nodes 1–%1)").arg(majority));
        a->setObjectName(QStringLiteral("cutOffMajority"));
        a->setToolTip(tr("Cut off from a majority: this client can no longer acquire the lock."));
        connect(a, &QAction::triggered, this,
                [this, nodes] { send(QStringLiteral("partition"), nodes.join(QLatin1Char(' '))); });
    }
}

void ClientLane::setCutOffFrom(const QList<int>& nodes)
{
    if (nodes == m_cutOffFrom)
        return;
    m_cutOffFrom = nodes;
    QStringList numbers;
    for (int n : nodes)
        numbers << QString::number(n);
    const bool dark = UiTheme::isDark(palette());
    m_cutOff->set(nodes.isEmpty() ? QString()
                                  : (nodes.size() == 1 ? tr("✂ node %1") : tr("✂ nodes %1"))
                                        .arg(numbers.join(QStringLiteral(", "))),
                  UiTheme::network(dark));
    m_cutOff->setVisible(!nodes.isEmpty());
    m_heal->setEnabled(!nodes.isEmpty());
    m_heal->setText(
        nodes.isEmpty()
            ? tr("Heal its partitions")
            : tr("Heal its partitions (node heal %1)").arg(numbers.join(QStringLiteral(", "))));
}

void ClientLane::setLeftoverKeys(int nodeCount, qint64 untilUs)
{
    if (nodeCount == m_leftoverNodes && untilUs == m_leftoverUntilUs)
        return;
    m_leftoverNodes = nodeCount;
    m_leftoverUntilUs = untilUs;
    const bool show = m_client.state == ClientSnapshot::State::Crashed && nodeCount > 0;
    m_validity->setLeftover(show ? untilUs : 0);
    updateCounters();
}

void ClientLane::setMoment(const QStringList& forms)
{
    if (forms == m_moment)
        return;
    m_moment = forms;
    updateCounters();
}

QString ClientLane::alarmText() const
{
    return m_validity->alarmText();
}

QString ClientLane::cutOffText() const
{
    return m_cutOff->isHidden() ? QString() : m_cutOff->text();
}

QMenu* ClientLane::moreMenu() const
{
    return m_more->menu();
}

QString ClientLane::describeState(const ClientSnapshot& c)
{
    using S = ClientSnapshot::State;
    switch (c.state) {
    case S::Acquiring:
        return tr("acquiring (try %1)").arg(qMax(1, c.attempt));
    case S::WaitingRetry:
        return tr("waiting to retry");
    case S::Holding:
        return holdingText(c);
    case S::Paused:
        return c.inSection ? tr("paused (GC) while holding") : tr("paused (GC)");
    case S::Releasing:
    case S::Idle:
        if (c.lastSectionEnd == HistoryEvent::SectionEndReason::GaveUp)
            return tr("lock lost — gave up");
        if (c.lastSectionEnd == HistoryEvent::SectionEndReason::ReadFailed)
            return tr("could not read the stock — released");
        return EnumText::clientState(c.state);
    default:
        return EnumText::clientState(c.state);
    }
}

qint64 ClientLane::pastTtlPauseMs(const ClientSnapshot& client)
{
    constexpr qint64 PastTtlMs = 2000;
    return client.settings.lock.ttlMs + PastTtlMs;
}

// What a holder is doing in its critical section: its purchase, step by step.
QString ClientLane::holdingText(const ClientSnapshot& c)
{
    using P = ClientSnapshot::Phase;
    using K = Strategy::Kind;
    // Without a lock it is not "holding" anything: it is just buying.
    const QString how = c.strategy == K::None    ? tr("no lock")
                        : c.strategy == K::Watch ? tr("optimistic")
                                                 : tr("holding");
    QString text;
    switch (c.phase) {
    case P::Reading:
        text = tr("%1 · reads the stock").arg(how);
        break;
    case P::Working:
        text = c.stockRead >= 0 ? tr("%1 · read %2, working").arg(how).arg(c.stockRead) : how;
        break;
    case P::Writing:
        text = tr("%1 · writes %2").arg(how).arg(c.stockRead - 1);
        break;
    case P::None:
        text = how;
        break;
    }
    if (c.extensions > 0)
        text += tr(" (extended %1×)").arg(c.extensions);
    return text;
}

void ClientLane::setClient(const ClientSnapshot& client, qint64 nowUs)
{
    const bool first = !m_hasClient;
    const bool stateChanged = first || client.state != m_client.state;
    m_client = client;
    m_hasClient = true;
    if (first) {
        setObjectName(QStringLiteral("clientLane_%1").arg(client.name));
        if (client.foreign)
            becomeForeign();
    }
    refreshColors();
    // Inside its critical section the bar counts the validity down; a paused or careless
    // client stays inside past it, and the bar turns into the alarm that says so.
    using S = ClientSnapshot::State;
    m_validity->setValidity(client.inSection, client.validUntilUs, client.settings.lock.ttlMs,
                            OwnerPalette::color(client.colorIndex), nowUs);
    m_validity->setUnboundedText(client.strategy == Strategy::Kind::None ? tr("no lock")
                                                                         : tr("no TTL"));
    m_validity->setAlarmWording(client.state == S::Paused
                                    ? tr("PAUSED, BELIEVES IT HOLDS — validity ended %1 ago")
                                    : tr("WORKING WITHOUT THE LOCK, validity ended %1 ago"));
    if (stateChanged) {
        const bool crashed = client.state == S::Crashed;
        m_validity->setLeftover(crashed && m_leftoverNodes > 0 ? m_leftoverUntilUs : 0);
        updateButtons();
    }
    updateCounters();
    updateAlarm();
}

void ClientLane::updateCounters()
{
    // A crashed client's keys outlive it: say so where the counters were.
    const bool leftovers = m_client.state == ClientSnapshot::State::Crashed && m_leftoverNodes > 0;
    const bool moment = !m_moment.isEmpty();
    m_counters->setAlert(leftovers || moment);
    m_counters->setMuted(!leftovers && !moment);
    m_counters->setToolTip(moment
                               ? m_moment.first() + QStringLiteral("<br><br>") + countersToolTip()
                               : countersToolTip());
    if (moment)
        m_counters->setTexts(m_moment); // the moment first: the counters are in the tooltip
    else if (!leftovers)
        m_counters->setTexts(counterForms());
    else
        m_counters->setText(
            m_leftoverNodes == 1
                ? tr("crashed: its key lives on 1 node until its TTL ends")
                : tr("crashed: its key lives on %1 nodes until its TTL ends").arg(m_leftoverNodes));
}

void ClientLane::updateAlarm()
{
    const bool alarm = m_validity->isAlarm();
    if (alarm == m_alarm)
        return;
    m_alarm = alarm;
    // The banner needs room: it takes most of the counters' place while it lasts.
    m_layout->setStretchFactor(m_validity, alarm ? 6 : 2);
    m_layout->setStretchFactor(m_counters, alarm ? 1 : 3);
    update();
}

void ClientLane::refreshColors()
{
    const bool dark = UiTheme::isDark(palette());
    m_name->set(m_client.name, OwnerPalette::color(m_client.colorIndex));
    // wait=pubsub changes how its waits end: the lane says so next to the rung.
    if (m_client.foreign) {
        // Your own client: what it runs is its own; the lane names it instead of a rung.
        m_strategy->setText(m_client.label);
        m_strategy->setToolTip(
            tr("Your own client (%1), through the exposed ports: its locks are recorded and "
               "judged as leases. The app can pause it and cut it off from nodes; it cannot "
               "stop, crash or change it.")
                .arg(m_client.label));
    } else {
        m_strategy->setText(Strategy::name(m_client.strategy) +
                            (m_client.pubsubWait ? tr(" · pub/sub") : QString()));
        m_strategy->setToolTip(
            tr("Locks with %1: %2. Click to choose another rung of the ladder.")
                .arg(Strategy::name(m_client.strategy), Strategy::describe(m_client.strategy)));
    }
    m_rung->setText(m_strategy->text());
    m_state->set(describeState(m_client), UiTheme::clientState(m_client.state, dark),
                 m_client.state == ClientSnapshot::State::Stopped);
}

bool ClientLane::advance(qint64 nowUs)
{
    const bool moving = m_validity->advance(nowUs);
    updateAlarm();
    return moving;
}

QString ClientLane::countersShown() const
{
    return m_counters->shownText();
}

bool ClientLane::countersElided() const
{
    return m_counters->isElided();
}

QString ClientLane::stateText() const
{
    return m_state->text();
}

qint64 ClientLane::displayedValidityMs() const
{
    return m_validity->displayedMs();
}

QString ClientLane::countersText() const
{
    return counterForms().value(0);
}

// The counters, then shorter forms of them for a narrow lane: the failure reasons go first,
// then the latencies, then the fence and the write counts (all stay in the tooltip). The
// first three counts are always there.
QStringList ClientLane::counterForms() const
{
    const ClientSnapshot& c = m_client;
    quint64 failed = 0;
    QStringList reasons;
    for (auto it = c.failures.cbegin(); it != c.failures.cend(); ++it) {
        failed += it.value();
        reasons << QStringLiteral("%1 %2").arg(it.value()).arg(EnumText::failReason(it.key()));
    }
    // Spelled out, not "try(s)": the lane is read from the back of the room.
    const QString counts =
        (c.attempts == 1 ? tr("1 try · %1 acquired · %2 failed")
                         : tr("%1 tries · %2 acquired · %3 failed").arg(c.attempts))
            .arg(c.acquisitions)
            .arg(failed);
    QString writes;
    if (c.sales > 0 || c.rejectedWrites > 0)
        writes += tr(" · %1 sold").arg(c.sales);
    if (c.rejectedWrites > 0)
        writes += tr(" · %1 stale writes rejected").arg(c.rejectedWrites);
    if (c.gaveUp > 0)
        writes += tr(" · gave up %1×").arg(c.gaveUp);
    if (c.conflicts > 0)
        writes += tr(" · %1 EXEC conflicts").arg(c.conflicts);
    if (c.reentries > 0)
        writes += tr(" · reentered %1×").arg(c.reentries);
    if (c.wakeUps > 0)
        writes += tr(" · woken by unlock %1×").arg(c.wakeUps);
    QString fence;
    if (!c.fence.isNull() && c.inSection)
        fence = tr(" · fence %1").arg(c.fence.toDisplay());
    QString latency;
    if (c.acquisitions > 0)
        latency = tr(" · mean %1 · p99 %2")
                      .arg(TextFormat::latency(qint64(c.meanAcquireUs)),
                           TextFormat::latency(qint64(c.p99AcquireUs)));
    const QString why =
        reasons.isEmpty()
            ? QString()
            : QStringLiteral(" (") + reasons.join(QStringLiteral(", ")) + QLatin1Char(')');
    QStringList forms{counts + why + writes + fence + latency, counts + writes + fence + latency,
                      counts + writes + fence, counts + writes, counts};
    forms.removeDuplicates();
    return forms;
}

// The counters in full, each explained: the lane itself has room for numbers only.
QString ClientLane::countersToolTip() const
{
    const ClientSnapshot& c = m_client;
    QStringList lines;
    lines << (c.attempts == 1
                  ? tr("<b>1 try</b>: acquire attempts (each retry is one)")
                  : tr("<b>%1 tries</b>: acquire attempts (each retry is one)").arg(c.attempts))
          << tr("<b>%1 acquired</b>: attempts that got a majority with validity left")
                 .arg(c.acquisitions);
    quint64 failed = 0;
    for (auto it = c.failures.cbegin(); it != c.failures.cend(); ++it)
        failed += it.value();
    lines << tr("<b>%1 failed</b>, by reason:").arg(failed);
    if (c.failures.isEmpty())
        lines << tr("&nbsp;&nbsp;none yet");
    for (auto it = c.failures.cbegin(); it != c.failures.cend(); ++it)
        lines << QStringLiteral("&nbsp;&nbsp;%1 %2: %3")
                     .arg(it.value())
                     .arg(EnumText::failReason(it.key()).toHtmlEscaped(),
                          EnumText::failReasonMeaning(it.key()).toHtmlEscaped());
    if (c.sales > 0)
        lines << tr("<b>%1 sold</b>: writes of the stock under the lock").arg(c.sales);
    if (c.rejectedWrites > 0)
        lines << tr("<b>%1 stale writes rejected</b> by the storage's fencing check")
                     .arg(c.rejectedWrites);
    if (c.gaveUp > 0)
        lines << tr("<b>gave up %1×</b>: the validity ran out before the write").arg(c.gaveUp);
    if (c.acquisitions > 0)
        lines << tr("acquire latency: mean %1, 99th percentile %2")
                     .arg(TextFormat::latency(qint64(c.meanAcquireUs)),
                          TextFormat::latency(qint64(c.p99AcquireUs)));
    return lines.join(QStringLiteral("<br>"));
}

// Your own client's lane (a lane's client never changes kind): the app can pause it and cut
// it off from nodes, nothing else, and it has no rung to choose.
void ClientLane::becomeForeign()
{
    for (QToolButton* b : {m_startStop, m_settings, m_remove})
        b->setVisible(false);
    m_strategy->menu()->setEnabled(false);
    m_strategy->setPopupMode(QToolButton::DelayedPopup);
    m_pausePastTtl->setVisible(false);
}

// On the stage a class sees the client, its state and counts, not the presenter's buttons;
// the rung stays named, as words rather than a menu.
void ClientLane::setStage(bool stage)
{
    m_stage = stage;
    showControls();
}

void ClientLane::setRecorded(bool recorded)
{
    m_recorded = recorded;
    showControls();
}

void ClientLane::showControls()
{
    const bool controls = !m_stage && !m_recorded;
    m_strategy->setVisible(controls);
    m_rung->setVisible(!controls);
    updateButtons();
}

void ClientLane::updateButtons()
{
    using S = ClientSnapshot::State;
    const S s = m_client.state;
    const bool stopped = s == S::Stopped;
    const bool crashed = s == S::Crashed;
    const bool paused = s == S::Paused;
    const bool running = !stopped && !crashed;
    m_startStop->setText(stopped || crashed ? tr("Start") : tr("Stop"));
    m_startStop->setEnabled(!crashed);
    m_pause->setEnabled(running && !paused);
    m_resume->setEnabled(paused);
    m_pause->setVisible(!paused);
    m_resume->setVisible(paused);
    m_crash->setEnabled(running);
    m_restart->setEnabled(crashed);
    m_crash->setVisible(!m_client.foreign && !crashed);
    m_restart->setVisible(!m_client.foreign && crashed);
    if (m_stage || m_recorded)
        for (QToolButton* b :
             {m_startStop, m_pause, m_resume, m_crash, m_restart, m_settings, m_more, m_remove})
            b->setVisible(false);
    else
        for (QToolButton* b : {m_startStop, m_settings, m_more, m_remove})
            b->setVisible(b == m_more || !m_client.foreign); // becomeForeign's
    // The engine pauses a client that runs and is not paused already.
    m_pauseFor->setEnabled(running && !paused);
    m_pausePastTtl->setEnabled(running && !paused);
    m_pausePastTtl->setText(
        tr("Pause past its TTL (%1 s)").arg(pastTtlPauseMs(m_client) / 1000.0, 0, 'g', 3));
}

void ClientLane::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const bool dark = UiTheme::isDark(palette());
    QPainterPath path;
    path.addRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8);
    painter.fillPath(path, UiTheme::surface(dark));
    if (m_alarm) {
        // Believes it holds a lock that is no longer its own: the whole lane says so.
        QColor tint = UiTheme::bad(dark);
        tint.setAlpha(dark ? 50 : 30);
        painter.fillPath(path, tint);
    }
    // The owner's colour as a stripe on the left: lanes and keys match at a glance.
    painter.save();
    painter.setClipPath(path);
    painter.fillRect(QRect(0, 0, 5, height()), OwnerPalette::color(m_client.colorIndex));
    painter.restore();
    if (m_alarm) {
        painter.setPen(QPen(UiTheme::bad(dark), 2.5));
        painter.drawRoundedRect(QRectF(rect()).adjusted(1.25, 1.25, -1.25, -1.25), 8, 8);
    }
}

void ClientLane::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange && m_hasClient) {
        refreshColors();
        const QList<int> cut = std::exchange(m_cutOffFrom, {});
        setCutOffFrom(cut); // its colour is the theme's
    }
    if (event->type() == QEvent::FontChange && !m_applyingFonts)
        applyFonts();
    QFrame::changeEvent(event);
}
