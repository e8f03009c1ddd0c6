// SPDX-License-Identifier: GPL-3.0-or-later
#include "cards/nodecard.h"

#include "base/constants.h"
#include "widgets/enumtext.h"

#include "cards/faultstrip.h"
#include "cards/faulttext.h"
#include "cards/keylistview.h"
#include "cards/outcomegrid.h"
#include "dialogs/numberfieldsdialog.h"
#include "settings/typesize.h"
#include "widgets/elidedlabel.h"
#include "widgets/pilllabel.h"
#include "widgets/uitheme.h"

#include <QActionGroup>
#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace {

constexpr int PauseForMs = 5000;

} // namespace

NodeCard::NodeCard(int number, QWidget* parent)
    : QFrame(parent), m_number(number), m_title(new QLabel(this)), m_statePill(new PillLabel(this)),
      m_address(new ElidedLabel(this)), m_role(new ElidedLabel(this)),
      m_faults(new FaultStrip(this)), m_keysHeading(new QLabel(tr("Lock key"), this)),
      m_outcomesHeading(new QLabel(tr("Last answers (ms)"), this)), m_keys(new KeyListView(this)),
      m_outcomes(new OutcomeGrid(this)), m_persistence(new QLabel(this))
{
    setObjectName(QStringLiteral("nodeCard%1").arg(number));
    // Minimum, not Fixed: the cards of one row share the tallest one's height, so a card
    // with two faults does not leave its neighbours' buttons hanging higher.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    setMinimumWidth(190);

    m_title->setText(tr("Node %1").arg(number));
    m_title->setToolTip(tr("Node %1: one of the independent Redis masters Redlock asks for a "
                           "majority; press %1 to select it for keyboard faults.")
                            .arg(number));
    m_statePill->setMinimumText(QStringLiteral("starting"));
    m_statePill->setToolTip(tr("The node's state as the engine sees it: up, down, paused or "
                               "starting. The faults in force are listed under it."));
    m_address->setMuted(true);
    m_address->setObjectName(QStringLiteral("address"));
    m_address->setToolTip(tr("Where this node listens (host:port)."));
    m_keysHeading->setToolTip(tr("The lock keys on this node: owner, token and the TTL left."));
    m_outcomesHeading->setToolTip(
        tr("Each client's latest answer from this node and how many milliseconds it took."));
    m_outcomes->setObjectName(QStringLiteral("outcomes"));
    m_keys->setObjectName(QStringLiteral("keys"));
    m_persistence->setObjectName(QStringLiteral("persistence"));
    m_role->setObjectName(QStringLiteral("role"));
    m_role->setVisible(false);
    m_role->setToolTip(tr("The node's part in replication (INFO replication): the master takes "
                          "the writes; the replica copies them asynchronously, and the bytes "
                          "it is behind are writes it would lose if promoted now."));

    auto* header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->addWidget(m_title);
    header->addStretch(1);
    header->addWidget(m_statePill);

    m_buttonRow = new QWidget(this);
    m_buttonRow->setObjectName(QStringLiteral("buttons"));
    auto* buttons = new QHBoxLayout(m_buttonRow);
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->setSpacing(4);
    m_kill = addButton(tr("Kill"), QStringLiteral("kill"),
                       tr("Crash this node now (SIGKILL): keys it did not persist are lost."));
    m_pause = addButton(tr("Pause"), QStringLiteral("pause"),
                        tr("Freeze this node (SIGSTOP): it keeps its keys but answers nothing."));
    m_resume = addButton(tr("Resume"), QStringLiteral("resume"),
                         tr("Let the paused node run again; its keys' TTLs kept running."));
    m_restart =
        addButton(tr("Restart"), QStringLiteral("restart"),
                  tr("Start the node again on the same port now (after killing it if it runs)."));
    m_more = new QToolButton(this);
    m_more->setObjectName(QStringLiteral("more"));
    m_more->setText(QStringLiteral("⋯"));
    m_more->setToolTip(tr("More faults: delayed restart, shutdown, timed pause, partition, "
                          "latency, drops, clock jump, persistence."));
    m_more->setPopupMode(QToolButton::InstantPopup);
    m_more->setMenu(new QMenu(m_more));
    m_more->menu()->setObjectName(QStringLiteral("moreMenu"));
    m_more->menu()->setToolTipsVisible(true); // the reasons a fault is not offered
    m_more->setFocusPolicy(Qt::TabFocus);
    buildMenu();
    for (QToolButton* b : {m_kill, m_pause, m_resume, m_restart, m_more})
        buttons->addWidget(b);
    buttons->addStretch(1);

    // Persistence sits by the keys: it decides what a crashed node still has of them.
    auto* keysHeader = new QHBoxLayout;
    keysHeader->setContentsMargins(0, 0, 0, 0);
    keysHeader->addWidget(m_keysHeading);
    keysHeader->addStretch(1);
    keysHeader->addWidget(m_persistence);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10);
    layout->setSpacing(4);
    layout->addLayout(header);
    layout->addWidget(m_address);
    layout->addWidget(m_role);
    layout->addWidget(m_faults);
    layout->addSpacing(2);
    layout->addLayout(keysHeader);
    layout->addWidget(m_keys);
    layout->addSpacing(2);
    layout->addWidget(m_outcomesHeading);
    layout->addWidget(m_outcomes);
    layout->addStretch(1);
    layout->addWidget(m_buttonRow);

    applyFonts();
    updateOffers();
}

QString NodeCard::line(const QString& verb, const QString& args) const
{
    const QString base = QStringLiteral("node %1 %2").arg(verb).arg(m_number);
    return args.isEmpty() ? base : base + QLatin1Char(' ') + args;
}

QToolButton* NodeCard::addButton(const QString& text, const QString& verb, const QString& tip)
{
    auto* button = new QToolButton(this);
    button->setText(text);
    button->setToolTip(tip);
    button->setObjectName(verb);
    button->setAutoRaise(false);
    button->setFocusPolicy(Qt::TabFocus);
    connect(button, &QToolButton::clicked, this,
            [this, verb] { emit commandRequested(line(verb)); });
    m_offers.append({button, nullptr, nullptr, verb, tip, {}, {}});
    return button;
}

QAction* NodeCard::addEntry(QMenu* menu, const QString& name, const QString& text,
                            const QString& verb, const QString& tip,
                            std::function<QString()> command)
{
    QAction* action = menu->addAction(text);
    action->setObjectName(name);
    action->setToolTip(tip);
    action->setStatusTip(tip);
    connect(action, &QAction::triggered, this, [this, command] {
        const QString text = command();
        if (!text.isEmpty())
            emit commandRequested(text);
    });
    m_offers.append({nullptr, action, nullptr, verb, tip, {}, {}});
    return action;
}

QMenu* NodeCard::addSubmenu(const QString& name, const QString& text, const QString& verb,
                            const QString& tip)
{
    QMenu* sub = m_more->menu()->addMenu(text);
    sub->setObjectName(name);
    sub->setToolTipsVisible(true);
    sub->menuAction()->setObjectName(name + QStringLiteral("Entry"));
    sub->menuAction()->setToolTip(tip);
    m_offers.append({nullptr, sub->menuAction(), sub, verb, tip, {}, {}});
    return sub;
}

// The entry just added is offered only while `condition` holds; `why` says so when it does not.
void NodeCard::offerOnlyWhile(std::function<bool()> condition, const QString& why)
{
    m_offers.last().extra = std::move(condition);
    m_offers.last().extraWhy = why;
}

void NodeCard::buildMenu()
{
    QMenu* menu = m_more->menu();
    const QString restart = QStringLiteral("restart");
    m_restartDelayed = addEntry(
        menu, QStringLiteral("restartDelayed"), tr("Restart after the longest TTL"), restart,
        tr("Kill the node and start it again only once every key it had has expired: the "
           "safe way back for a node without persistence."),
        [this] {
            return line(QStringLiteral("restart"),
                        QStringLiteral("delayed %1").arg(m_maxTtlMs + 1000));
        });
    addEntry(menu, QStringLiteral("shutdown"), tr("Shut down cleanly"), QStringLiteral("shutdown"),
             tr("Stop this node gracefully (it saves what its persistence says)."),
             [this] { return line(QStringLiteral("shutdown")); });
    addEntry(menu, QStringLiteral("pauseFor"), tr("Pause for 5 s"), QStringLiteral("pause"),
             tr("Freeze this node for five seconds, then let it run again."),
             [this] { return line(QStringLiteral("pause"), QString::number(PauseForMs)); });

    menu->addSection(tr("Network"));
    const QString partition = QStringLiteral("partition");
    addEntry(menu, QStringLiteral("partitionAll"), tr("Partition from all clients"), partition,
             tr("Cut this node off from every client: it stays up, but their requests time out."),
             [this] { return line(QStringLiteral("partition")); });
    m_clientMenu =
        addSubmenu(QStringLiteral("partitionFrom"), tr("Partition from client"), partition,
                   tr("Cut this node off from one client only (adds to the clients "
                      "already cut off)."));
    addEntry(menu, QStringLiteral("heal"), tr("Heal"), QStringLiteral("heal"),
             tr("End this node's partition, latency, drops and clock jump."),
             [this] { return line(QStringLiteral("heal")); });
    offerOnlyWhile([this] { return hasHealableFault(); },
                   tr("Nothing to heal: no partition, latency, drops or clock jump."));

    const QString latency = QStringLiteral("latency");
    QMenu* lat = addSubmenu(QStringLiteral("latencyMenu"), tr("Latency"), latency,
                            tr("Delay every request to this node."));
    const QList<std::pair<QString, QString>> delays{{QStringLiteral("20"), tr("20 ms")},
                                                    {QStringLiteral("50 25"), tr("50 ± 25 ms")},
                                                    {QStringLiteral("200"), tr("200 ms")}};
    for (const auto& [args, text] : delays) {
        QString name =
            QStringLiteral("latency") + QString(args).replace(QLatin1Char(' '), QLatin1Char('j'));
        addEntry(lat, name, text, latency, tr("Add %1 to every request to this node.").arg(text),
                 [this, args = args] { return line(QStringLiteral("latency"), args); });
    }
    addEntry(lat, QStringLiteral("latencyCustom"), tr("Custom…"), latency,
             tr("Choose the delay and its jitter."), [this] {
                 askLatency();
                 return QString();
             });
    lat->addSeparator();
    addEntry(lat, QStringLiteral("latencyOff"), tr("No added latency"), latency,
             tr("Requests to this node go through without delay again."),
             [this] { return line(QStringLiteral("latency"), QStringLiteral("0")); });
    offerOnlyWhile([this] { return hasFault(Fault::Kind::Latency); },
                   tr("No latency is added now."));

    const QString drop = QStringLiteral("drop");
    QMenu* drops = addSubmenu(QStringLiteral("dropMenu"), tr("Drop requests"), drop,
                              tr("Lose a share of the requests to this node on the way."));
    for (int percent : {10, 50, 100})
        addEntry(
            drops, QStringLiteral("drop%1").arg(percent), tr("%1%").arg(percent), drop,
            tr("Drop %1% of the requests to this node: the clients see timeouts.").arg(percent),
            [this, percent] { return line(QStringLiteral("drop"), QString::number(percent)); });
    drops->addSeparator();
    addEntry(drops, QStringLiteral("dropOff"), tr("Off"), drop, tr("Drop nothing any more."),
             [this] { return line(QStringLiteral("drop"), QStringLiteral("0")); });
    offerOnlyWhile([this] { return hasFault(Fault::Kind::Drop); }, tr("Nothing is dropped now."));

    const QString clock = QStringLiteral("clock");
    QMenu* jumps = addSubmenu(QStringLiteral("clockMenu"), tr("Clock jump"), clock,
                              tr("Make this node's clock jump forward: its keys expire early."));
    for (int seconds : {1, 5})
        addEntry(jumps, QStringLiteral("clock%1s").arg(seconds), tr("+%1 s").arg(seconds), clock,
                 tr("Its keys expire %1 s early.").arg(seconds), [this, seconds] {
                     return line(QStringLiteral("clock"),
                                 QStringLiteral("+%1").arg(seconds * 1000));
                 });
    m_clockTtl =
        addEntry(jumps, QStringLiteral("clockTtl"), tr("+TTL"), clock,
                 tr("Jump by a whole TTL: every key on this node expires at once."), [this] {
                     return line(QStringLiteral("clock"), QStringLiteral("+%1").arg(m_maxTtlMs));
                 });
    addEntry(jumps, QStringLiteral("clockCustom"), tr("Custom…"), clock,
             tr("Choose how far the clock jumps."), [this] {
                 askClockJump();
                 return QString();
             });

    menu->addSeparator();
    QMenu* persistence = addSubmenu(QStringLiteral("persistenceMenu"), tr("Persistence"),
                                    QStringLiteral("persistence"),
                                    tr("What a crashed node still has when it comes back."));
    m_persistenceGroup = new QActionGroup(this);
    m_persistenceGroup->setExclusive(true);
    const QList<std::tuple<QString, QString, QString>> modes{
        {QStringLiteral("none"), QStringLiteral("persistenceNone"), tr("None")},
        {QStringLiteral("everysec"), QStringLiteral("persistenceEverysec"), tr("AOF everysec")},
        {QStringLiteral("always"), QStringLiteral("persistenceAlways"), tr("AOF always")}};
    for (const auto& [mode, name, text] : modes) {
        const QString full = mode == QLatin1String("none") ? mode : QStringLiteral("aof ") + mode;
        QAction* a = addEntry(persistence, name, text, QStringLiteral("persistence"),
                              FaultText::persistenceTip(full), [this, mode = mode, full] {
                                  // The tick shows the engine's mode, not the click, until a
                                  // snapshot says the mode changed.
                                  syncPersistence();
                                  // Choosing the mode in force changes nothing: send nothing.
                                  if (m_node.persistence == full)
                                      return QString();
                                  return line(QStringLiteral("persistence"), mode);
                              });
        a->setCheckable(true);
        a->setData(full);
        m_persistenceGroup->addAction(a);
    }
}

void NodeCard::syncClientMenu(const QStringList& names)
{
    if (names == m_clientNames)
        return;
    m_clientNames = names;
    m_clientMenu->clear();
    if (names.isEmpty()) {
        m_clientMenu->addAction(tr("(no clients)"))->setEnabled(false);
        return;
    }
    for (const QString& name : names) {
        QAction* a = m_clientMenu->addAction(name);
        a->setObjectName(QStringLiteral("partitionFrom_%1").arg(name));
        a->setCheckable(true);
        a->setToolTip(tr("Cut node %1 off from %2 only.").arg(m_number).arg(name));
        connect(a, &QAction::triggered, this,
                [this, name] { emit commandRequested(line(QStringLiteral("partition"), name)); });
    }
}

void NodeCard::askLatency()
{
    auto* dialog = new NumberFieldsDialog(
        tr("Latency on node %1").arg(m_number),
        tr("Every request to node %1 waits this long, plus a random 0 to ± jitter. Above the "
           "clients' node timeout (50 ms by default) the node counts as a timeout.")
            .arg(m_number),
        {{QStringLiteral("delay"), tr("&Delay (ms)"), 0, 60000, 50, {}},
         {QStringLiteral("jitter"), tr("&Jitter ± (ms)"), 0, 60000, 0, {}}},
        this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const QList<int> v = dialog->values();
        emit commandRequested(
            line(QStringLiteral("latency"),
                 v[1] > 0 ? QStringLiteral("%1 %2").arg(v[0]).arg(v[1]) : QString::number(v[0])));
    });
    dialog->open();
}

void NodeCard::askClockJump()
{
    auto* dialog = new NumberFieldsDialog(
        tr("Clock jump on node %1").arg(m_number),
        tr("Node %1's clock jumps forward: each of its keys expires this much early, while its "
           "owner still counts on it.")
            .arg(m_number),
        {{QStringLiteral("jump"), tr("&Forward by (ms)"), 1, 3'600'000, 4000, {}}}, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        emit commandRequested(
            line(QStringLiteral("clock"), QStringLiteral("+%1").arg(dialog->values().value(0))));
    });
    dialog->open();
}

void NodeCard::setNode(const NodeSnapshot& node, const ClientLegend& legend,
                       const QHash<int, int>& ttlByClient, qint64 nowUs)
{
    const bool dark = UiTheme::isDark(palette());
    int maxTtl = 0;
    for (const int ttl : ttlByClient)
        maxTtl = qMax(maxTtl, ttl);
    if (maxTtl == 0)
        maxTtl = Constants::DefaultTtlMs;
    QStringList clientNames;
    for (const int id : legend.ids())
        if (ttlByClient.contains(id))
            clientNames << legend.name(id);

    const bool offersChanged =
        !m_hasState || node.state != m_node.state || node.actions != m_node.actions ||
        node.actionsNote != m_node.actionsNote || node.persistence != m_node.persistence ||
        maxTtl != m_maxTtlMs || clientNames != m_clientNames ||
        node.partitionedClients != m_node.partitionedClients ||
        node.partitionedFromAll != m_node.partitionedFromAll;
    bool faultsChanged = node.faults.size() != m_node.faults.size();
    for (qsizetype i = 0; !faultsChanged && i < node.faults.size(); ++i)
        faultsChanged = node.faults[i].kind != m_node.faults[i].kind ||
                        node.faults[i].detail != m_node.faults[i].detail;
    const bool stateChanged = !m_hasState || node.state != m_node.state;

    m_hasState = true;
    m_maxTtlMs = maxTtl;
    m_node = node; // whole: a field added to NodeSnapshot is here without a line more

    syncClientMenu(clientNames);
    if (offersChanged || faultsChanged) {
        syncPersistence();
        updateOffers();
    }
    if (stateChanged || faultsChanged)
        update(); // the border takes the state's or the fault's colour

    m_statePill->set(EnumText::nodeState(node.state), UiTheme::nodeState(node.state, dark));
    // One line: where the node is, or, while it is not up, why (the address stays in
    // the tooltip). A second line only for errors would make this card taller than the
    // others, or every card taller for nothing.
    const bool down = node.state != NodeSnapshot::State::Up && !node.error.isEmpty();
    const bool refusing = node.state == NodeSnapshot::State::Up && !node.refusal.isEmpty();
    const QString problem = down ? node.error : tr("refuses writes: %1").arg(node.refusal);
    const auto withTls = [&node](const QString& text) {
        if (!node.tls)
            return text;
        return node.tlsVerified ? tr("%1  ·  TLS").arg(text)
                                : tr("%1  ·  TLS NOT VERIFIED").arg(text);
    };
    const QString where = withTls(node.local ? tr("%1  ·  local").arg(node.address) : node.address);
    // Narrow (five cards, or large type on a small screen): TLS before "local", then the
    // address alone rather than "127.0.0.1:4…".
    if (down || refusing)
        m_address->setText(problem);
    else
        m_address->setTexts({where, withTls(node.address), node.address});
    m_address->setAlert(down || refusing);
    // A problem is said whatever the type size, unless a fault in force already says it (a
    // killed node's "killed · for 2 s"): in large type on 720 lines that line is one the
    // lanes of the story need, and the reason stays in the tooltip.
    const bool toldByFault =
        down && std::any_of(node.faults.cbegin(), node.faults.cend(), [](const Fault& f) {
            return f.kind == Fault::Kind::Killed || f.kind == Fault::Kind::ShutDown ||
                   f.kind == Fault::Kind::RestartPending;
        });
    m_addressWanted = refusing || (down && !toldByFault);
    m_address->setVisible((!m_large && !m_stage) || m_addressWanted);
    m_address->setToolTip(down || refusing ? tr("%1: %2").arg(node.address, problem)
                                           : tr("Where this node listens (host:port)."));
    m_statePill->setToolTip(down ? tr("%1: %2").arg(node.address, problem)
                                 : tr("The node's state as the engine sees it: up, down, paused "
                                      "or starting. The faults in force are listed under it."));
    syncRole(node, dark);
    m_faults->setFaults(shownFaults(node, nowUs), nowUs);
    m_keys->setKeys(node.keys, node.state == NodeSnapshot::State::Up, legend, ttlByClient, nowUs);
    m_outcomes->setCutOff(node.partitionedFromAll, node.partitionedClients);
    m_outcomes->setOutcomes(node.lastOutcomes, legend);
}

void NodeCard::syncRole(const NodeSnapshot& node, bool dark)
{
    m_role->setVisible(!node.role.isEmpty());
    if (node.role.isEmpty())
        return;
    // Each with a shorter form: a card in large type is narrower than "REPLICA · 121 bytes
    // behind", and a line that wraps makes every card taller.
    QStringList texts;
    QColor color = UiTheme::good(dark);
    if (node.role == QLatin1String("master")) {
        texts = {tr("MASTER  ·  takes the writes"), tr("MASTER")};
    } else if (!node.replLinkUp) {
        texts = {tr("REPLICA  ·  link to master DOWN"), tr("REPLICA  ·  link DOWN")};
        color = UiTheme::bad(dark);
    } else if (node.replLagBytes > 0) {
        const int lag = int(node.replLagBytes);
        texts = {tr("REPLICA  ·  %n byte(s) behind", nullptr, lag),
                 tr("REPLICA  ·  %n B behind", nullptr, lag)};
        color = UiTheme::warn(dark);
    } else {
        texts = {tr("REPLICA  ·  in sync"), tr("REPLICA")};
        color = UiTheme::info(dark);
    }
    if (m_role->text() != texts.first())
        m_role->setTexts(texts);
    if (m_role->palette().color(QPalette::WindowText) != color) {
        QPalette palette = m_role->palette();
        palette.setColor(QPalette::WindowText, color);
        m_role->setPalette(palette);
    }
}

QString NodeCard::roleText() const
{
    return m_role->isHidden() ? QString() : m_role->text();
}

// The faults in force, and for a while after a restart a line that says so, with what the
// node came back with: in front of a class, "its key is gone" needs the restart beside it.
QList<Fault> NodeCard::shownFaults(const NodeSnapshot& node, qint64 nowUs)
{
    constexpr qint64 RestartShownUs = 10'000'000;
    QList<Fault> faults = node.faults;
    if (node.restartedUs > 0 && nowUs - node.restartedUs < RestartShownUs &&
        node.state == NodeSnapshot::State::Up) {
        Fault restart;
        restart.kind = Fault::Kind::Restarted;
        restart.detail = node.persistence;
        restart.sinceUs = node.restartedUs;
        faults << restart;
    }
    return faults;
}

void NodeCard::syncPersistence()
{
    const QString mode = m_node.persistence;
    m_persistence->setVisible(!mode.isEmpty());
    m_persistence->setText(FaultText::persistence(mode));
    m_persistence->setToolTip(FaultText::persistenceTip(mode));
    for (QAction* a : m_persistenceGroup->actions())
        a->setChecked(a->data().toString() == mode);
}

bool NodeCard::advance(qint64 nowUs)
{
    const bool keys = m_keys->advance(nowUs);
    const bool faults = m_faults->advance(nowUs);
    return keys || faults;
}

void NodeCard::setSelected(bool selected)
{
    if (selected == m_selected)
        return;
    m_selected = selected;
    update();
}

QString NodeCard::stateText() const
{
    return m_statePill->text();
}

qint64 NodeCard::displayedTtlMs(const QByteArray& resource) const
{
    return m_keys->displayedTtlMs(resource);
}

bool NodeCard::hasFault(Fault::Kind kind) const
{
    for (const Fault& f : m_node.faults)
        if (f.kind == kind)
            return true;
    return false;
}

bool NodeCard::hasHealableFault() const
{
    for (const Fault& f : m_node.faults)
        if (FaultText::isHealable(f.kind))
            return true;
    return false;
}

QStringList NodeCard::faultLines() const
{
    return m_faults->lines();
}

QString NodeCard::persistenceText() const
{
    return m_persistence->isHidden() ? QString() : m_persistence->text();
}

QMenu* NodeCard::moreMenu() const
{
    return m_more->menu();
}

QString NodeCard::whyNot(const QString& verb) const
{
    if (canDo(verb))
        return {};
    if (!m_node.actionsNote.isEmpty())
        return tr("Not offered for node %1 now: %2.").arg(m_number).arg(m_node.actionsNote);
    return tr("Not possible while node %1 is %2.")
        .arg(m_number)
        .arg(EnumText::nodeState(m_node.state));
}

void NodeCard::updateOffers()
{
    for (const Offer& o : std::as_const(m_offers)) {
        bool on = canDo(o.verb);
        QString tip = o.tip;
        if (!on)
            tip += QLatin1Char('\n') + whyNot(o.verb);
        else if (o.extra && !o.extra()) {
            on = false;
            tip += QLatin1Char('\n') + o.extraWhy;
        }
        if (o.button) {
            o.button->setEnabled(on);
            o.button->setToolTip(tip);
        } else {
            // A submenu's entry follows the submenu's own enabled state (QMenu keeps them
            // in step): disable the submenu, not only its entry.
            if (o.submenu)
                o.submenu->setEnabled(on);
            o.action->setEnabled(on);
            o.action->setToolTip(tip);
        }
    }
    // Pause and resume share one place: resume when the engine offers it.
    const bool resume = canDo(QStringLiteral("resume"));
    m_pause->setVisible(!resume);
    m_resume->setVisible(resume);
    m_more->setEnabled(!m_node.actions.isEmpty());
    m_restartDelayed->setText(
        tr("Restart after the longest TTL (%1)").arg(FaultText::milliseconds(m_maxTtlMs + 1000)));
    m_clockTtl->setText(tr("+TTL (%1)").arg(FaultText::milliseconds(m_maxTtlMs)));
    // A client already cut off from this node is shown ticked and is not offered again.
    for (QAction* a : m_clientMenu->actions()) {
        if (a->objectName().isEmpty())
            continue; // "(no clients)"
        const bool cut = FaultText::cutsOff(m_node, a->text());
        a->setChecked(cut);
        a->setEnabled(canDo(QStringLiteral("partition")) && !cut);
    }
}

// On the stage the class sees the node, not the presenter's buttons nor its port.
void NodeCard::setStage(bool stage)
{
    m_stage = stage;
    m_buttonRow->setVisible(!m_stage && !m_recorded);
    m_address->setVisible((!m_large && !stage) || m_addressWanted);
    update(); // no selection outline on the stage
}

void NodeCard::setRecorded(bool recorded)
{
    m_recorded = recorded;
    m_buttonRow->setVisible(!m_stage && !m_recorded);
    showAnswersHeading();
}

// The answers' heading, or (in large type, and in a recorded run, whose view has the replay
// bar to fit on 720 lines too) its words in the answers' tooltip.
void NodeCard::showAnswersHeading()
{
    const bool compact = m_large || m_recorded;
    m_outcomesHeading->setVisible(!compact);
    m_outcomes->setToolTip(compact ? m_outcomesHeading->text() + QStringLiteral(": ") +
                                         m_outcomesHeading->toolTip()
                                   : QString());
}

void NodeCard::applyFonts()
{
    // Sizes relative to the card's font, which follows the window's (large type mode).
    m_applyingFonts = true;
    // In large type the answers go without their heading (its words stay in the tooltip):
    // on 720 lines with a dock open, that line is one the lanes of the story need.
    const double base = qMax(10.0, QApplication::font().pointSizeF());
    const bool large = TypeSize::isLarge(font().pointSizeF() / base);
    // So does the address (a class needs no port numbers), unless it says a problem.
    m_large = large;
    m_address->setVisible((!large && !m_stage) || m_addressWanted);
    showAnswersHeading();
    QFont title = font();
    title.setPointSizeF(font().pointSizeF() * 1.3);
    title.setBold(true);
    m_title->setFont(title);
    QFont bold = font();
    bold.setBold(true);
    m_role->setFont(bold);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    for (QLabel* l : {m_keysHeading, m_outcomesHeading, m_persistence})
        l->setFont(small);
    m_outcomes->setFont(small);
    const bool dark = UiTheme::isDark(palette());
    QPalette mutedPalette = palette();
    mutedPalette.setColor(QPalette::WindowText, UiTheme::muted(dark));
    for (QLabel* l : {m_keysHeading, m_outcomesHeading, m_persistence})
        l->setPalette(mutedPalette);
    // The buttons are for the presenter, not the room: they do not grow with large type,
    // so the card keeps room for what the class reads.
    QFont buttonFont = font();
    buttonFont.setPointSizeF(qMin(font().pointSizeF() * 0.9, 10.0));
    for (QToolButton* b : {m_kill, m_pause, m_resume, m_restart, m_more})
        b->setFont(buttonFont);
    m_applyingFonts = false;
}

void NodeCard::changeEvent(QEvent* event)
{
    if (!m_applyingFonts &&
        (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)) {
        applyFonts();
        if (m_hasState)
            m_statePill->set(EnumText::nodeState(m_node.state),
                             UiTheme::nodeState(m_node.state, UiTheme::isDark(palette())));
    }
    QFrame::changeEvent(event);
}

void NodeCard::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const bool dark = UiTheme::isDark(palette());
    const QPainterPath path = UiTheme::paintCard(painter, rect(), dark);
    const bool up = m_node.state == NodeSnapshot::State::Up;
    if (m_node.state == NodeSnapshot::State::Down) {
        // A dead node is hatched: visible across the room without reading a word.
        QColor hatch = UiTheme::bad(dark);
        hatch.setAlpha(28);
        painter.fillPath(path, QBrush(hatch, Qt::BDiagPattern));
    }
    QColor border = m_hasState ? UiTheme::nodeState(m_node.state, dark) : UiTheme::muted(dark);
    QPen pen(border, up ? 1.5 : 3);
    if (up) {
        border.setAlpha(110); // calm when all is well, loud when not
        pen.setColor(border);
        // Up but faulted: a partitioned node is cut (dashed) in the partition colour, a
        // slow, lossy or clock-jumped one framed in its fault's colour.
        for (const Fault& f : m_node.faults) {
            if (f.kind == Fault::Kind::Partition) {
                QColor tint = UiTheme::network(dark);
                tint.setAlpha(dark ? 26 : 16);
                painter.fillPath(path, tint);
                pen = QPen(UiTheme::network(dark), 3.5, Qt::CustomDashLine);
                pen.setDashPattern({3.0, 1.6});
                break;
            }
            if (FaultText::isHealable(f.kind))
                pen = QPen(UiTheme::fault(f.kind, dark), 3);
        }
    }
    painter.setPen(pen);
    painter.drawPath(path);
    if (m_selected && !m_stage) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 3, Qt::DashLine));
        painter.drawRoundedRect(path.boundingRect().adjusted(3, 3, -3, -3), 8, 8);
    }
}
