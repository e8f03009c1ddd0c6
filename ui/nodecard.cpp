#include "nodecard.h"

#include "elidedlabel.h"
#include "keylistview.h"
#include "outcomegrid.h"
#include "pilllabel.h"
#include "uitheme.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QToolButton>
#include <QVBoxLayout>

NodeCard::NodeCard(int number, QWidget* parent)
    : QFrame(parent), m_number(number), m_title(new QLabel(this)), m_statePill(new PillLabel(this)),
      m_address(new ElidedLabel(this)), m_keysHeading(new QLabel(tr("Lock key"), this)),
      m_outcomesHeading(new QLabel(tr("Last answers (ms)"), this)), m_keys(new KeyListView(this)),
      m_outcomes(new OutcomeGrid(this))
{
    setObjectName(QStringLiteral("nodeCard%1").arg(number));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setMinimumWidth(190);

    m_title->setText(tr("Node %1").arg(number));
    m_title->setToolTip(tr("Node %1: one of the independent Redis masters Redlock asks for a "
                           "majority; press %1 to select it for keyboard faults.")
                            .arg(number));
    m_statePill->setMinimumText(QStringLiteral("starting"));
    m_statePill->setToolTip(tr("The node's state as the engine sees it: up, down, paused or "
                               "starting."));
    m_address->setMuted(true);
    m_address->setToolTip(tr("Where this node listens (host:port)."));
    m_keysHeading->setToolTip(tr("The lock keys on this node: owner, token and the TTL left."));
    m_outcomesHeading->setToolTip(
        tr("Each client's latest answer from this node and how many milliseconds it took."));
    m_outcomes->setObjectName(QStringLiteral("outcomes"));
    m_keys->setObjectName(QStringLiteral("keys"));

    auto* header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->addWidget(m_title);
    header->addStretch(1);
    header->addWidget(m_statePill);

    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->setSpacing(4);
    m_kill = addButton(tr("Kill"), QStringLiteral("kill"),
                       tr("Crash this node now (SIGKILL): its keys are lost."));
    m_pause = addButton(tr("Pause"), QStringLiteral("pause"),
                        tr("Freeze this node (SIGSTOP): it keeps its keys but answers nothing."));
    m_resume = addButton(tr("Resume"), QStringLiteral("resume"),
                         tr("Let the paused node run again; its keys' TTLs kept running."));
    m_restart =
        addButton(tr("Restart"), QStringLiteral("restart"),
                  tr("Start the node again on the same port (after killing it if it runs)."));
    m_more = new QToolButton(this);
    m_more->setObjectName(QStringLiteral("more"));
    m_more->setText(QStringLiteral("⋯"));
    m_more->setToolTip(tr("More faults: a clean shutdown, a timed pause, a delayed restart."));
    m_more->setPopupMode(QToolButton::InstantPopup);
    m_more->setMenu(new QMenu(m_more));
    m_more->setFocusPolicy(Qt::TabFocus);
    m_shutdown = addMenuAction(QStringLiteral("shutdown"), tr("Shut down cleanly"),
                               tr("Stop this node cleanly (SHUTDOWN NOSAVE)."),
                               [this] { return QStringLiteral("node shutdown %1").arg(m_number); });
    m_pauseFor =
        addMenuAction(QStringLiteral("pauseFor"), tr("Pause for 5 s"),
                      tr("Freeze this node for five seconds, then let it run again."),
                      [this] { return QStringLiteral("node pause %1 5000").arg(m_number); });
    m_restartDelayed = addMenuAction(
        QStringLiteral("restartDelayed"), tr("Restart after the longest TTL"),
        tr("Restart the node only once every key it had has expired (the safe way back)."), [this] {
            return QStringLiteral("node restart %1 %2").arg(m_number).arg(m_maxTtlMs + 1000);
        });
    for (QToolButton* b : {m_kill, m_pause, m_resume, m_restart, m_more})
        buttons->addWidget(b);
    buttons->addStretch(1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10);
    layout->setSpacing(4);
    layout->addLayout(header);
    layout->addWidget(m_address);
    layout->addSpacing(4);
    layout->addWidget(m_keysHeading);
    layout->addWidget(m_keys);
    layout->addSpacing(2);
    layout->addWidget(m_outcomesHeading);
    layout->addWidget(m_outcomes);
    layout->addStretch(1);
    layout->addLayout(buttons);

    applyFonts();
    updateButtons();
}

QToolButton* NodeCard::addButton(const QString& text, const QString& verb, const QString& tip)
{
    auto* button = new QToolButton(this);
    button->setText(text);
    button->setToolTip(tip);
    button->setObjectName(verb);
    button->setAutoRaise(false);
    button->setFocusPolicy(Qt::TabFocus);
    connect(button, &QToolButton::clicked, this, [this, verb] {
        emit commandRequested(QStringLiteral("node %1 %2").arg(verb).arg(m_number));
    });
    return button;
}

QAction* NodeCard::addMenuAction(const QString& name, const QString& text, const QString& tip,
                                 std::function<QString()> command)
{
    QAction* action = m_more->menu()->addAction(text);
    action->setObjectName(name);
    action->setToolTip(tip);
    action->setStatusTip(tip);
    connect(action, &QAction::triggered, this,
            [this, command] { emit commandRequested(command()); });
    return action;
}

void NodeCard::setNode(const NodeSnapshot& node, const ClientLegend& legend,
                       const QHash<int, int>& ttlByClient, qint64 nowUs)
{
    const bool dark = UiTheme::isDark(palette());
    m_maxTtlMs = 0;
    for (const int ttl : ttlByClient)
        m_maxTtlMs = qMax(m_maxTtlMs, ttl);
    if (m_maxTtlMs == 0)
        m_maxTtlMs = 10000;
    if (!m_hasState || node.state != m_state) {
        m_hasState = true;
        m_state = node.state;
        updateButtons();
        update(); // the border takes the state's colour
    }
    m_statePill->set(NodeSnapshot::stateName(node.state), UiTheme::nodeState(node.state, dark));
    // One line: where the node is, or, while it is not up, why (the address stays in
    // the tooltip). A second line only for errors would make this card taller than the
    // others, or every card taller for nothing.
    const bool showError = node.state != NodeSnapshot::State::Up && !node.error.isEmpty();
    const QString where = node.local ? tr("%1  ·  local").arg(node.address) : node.address;
    m_address->setText(showError ? node.error : where);
    m_address->setAlert(showError);
    m_address->setToolTip(showError ? tr("%1: %2").arg(node.address, node.error)
                                    : tr("Where this node listens (host:port)."));
    m_keys->setKeys(node.keys, node.state == NodeSnapshot::State::Up, legend, ttlByClient, nowUs);
    m_outcomes->setOutcomes(node.lastOutcomes, legend);
}

bool NodeCard::advance(qint64 nowUs)
{
    return m_keys->advance(nowUs);
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

void NodeCard::updateButtons()
{
    using S = NodeSnapshot::State;
    const bool up = m_state == S::Up;
    const bool paused = m_state == S::Paused;
    const bool down = m_state == S::Down;
    m_kill->setEnabled(up || paused);
    m_pause->setEnabled(up);
    m_resume->setEnabled(paused);
    // Pause and resume share one place: only the one that makes sense is shown.
    m_pause->setVisible(!paused);
    m_resume->setVisible(paused);
    m_restart->setEnabled(up || paused || down);
    m_shutdown->setEnabled(up || paused);
    m_pauseFor->setEnabled(up);
    m_restartDelayed->setEnabled(up || paused || down);
    m_more->setEnabled(up || paused || down);
}

void NodeCard::applyFonts()
{
    // Sizes relative to the card's font, which follows the window's (large type mode).
    m_applyingFonts = true;
    QFont title = font();
    title.setPointSizeF(font().pointSizeF() * 1.3);
    title.setBold(true);
    m_title->setFont(title);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    for (QLabel* l : {m_keysHeading, m_outcomesHeading})
        l->setFont(small);
    m_outcomes->setFont(small);
    const bool dark = UiTheme::isDark(palette());
    QPalette mutedPalette = palette();
    mutedPalette.setColor(QPalette::WindowText, UiTheme::muted(dark));
    for (QLabel* l : {m_keysHeading, m_outcomesHeading})
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
            m_statePill->set(NodeSnapshot::stateName(m_state),
                             UiTheme::nodeState(m_state, UiTheme::isDark(palette())));
    }
    QFrame::changeEvent(event);
}

void NodeCard::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const bool dark = UiTheme::isDark(palette());
    const QRectF r = QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5);
    QPainterPath path;
    path.addRoundedRect(r, 10, 10);
    painter.fillPath(path, UiTheme::surface(dark));
    if (m_state == NodeSnapshot::State::Down) {
        // A dead node is hatched: visible across the room without reading a word.
        QColor hatch = UiTheme::bad(dark);
        hatch.setAlpha(28);
        painter.fillPath(path, QBrush(hatch, Qt::BDiagPattern));
    }
    QColor border = m_hasState ? UiTheme::nodeState(m_state, dark) : UiTheme::muted(dark);
    if (m_state == NodeSnapshot::State::Up)
        border.setAlpha(110); // calm when all is well, loud when not
    painter.setPen(QPen(border, m_state == NodeSnapshot::State::Up ? 1.5 : 3));
    painter.drawPath(path);
    if (m_selected) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 3, Qt::DashLine));
        painter.drawRoundedRect(r.adjusted(3, 3, -3, -3), 8, 8);
    }
}
