// SPDX-License-Identifier: GPL-3.0-or-later
#include "lanes/clientlanelist.h"

#include "cards/faulttext.h"
#include "lanes/clientlane.h"
#include "record/eventtext.h"
#include "widgets/clientlegend.h"

#include <QEvent>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

ClientLaneList::ClientLaneList(QWidget* parent)
    : QScrollArea(parent), m_area(new QWidget(this)), m_layout(new QVBoxLayout(m_area)),
      m_noClients(new QLabel(m_area))
{
    setObjectName(QStringLiteral("clientLanes"));
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(3);
    m_noClients->setAlignment(Qt::AlignCenter);
    m_layout->addWidget(m_noClients);
    m_layout->addStretch(1);
    setWidget(m_area);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, &ClientLaneList::scrolled);
    connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, &ClientLaneList::scrolled);
    retranslate();
}

void ClientLaneList::retranslate()
{
    // On the stage the class is told no key to press.
    m_noClients->setText(m_stage ? tr("No clients yet.")
                                 : tr("No clients yet: press A to add one."));
}

void ClientLaneList::setStage(bool stage)
{
    m_stage = stage;
    for (ClientLane* lane : std::as_const(m_lanes))
        lane->setStage(stage);
    retranslate();
    // On the stage the lanes take the height they need, and the timeline under them the rest.
    setSizePolicy(QSizePolicy::Preferred, stage ? QSizePolicy::Maximum : QSizePolicy::Expanding);
    updateGeometry();
}

void ClientLaneList::setRecorded(bool recorded)
{
    m_recorded = recorded;
    for (ClientLane* lane : std::as_const(m_lanes))
        lane->setRecorded(recorded);
}

QSize ClientLaneList::sizeHint() const
{
    const QSize hint = QScrollArea::sizeHint();
    if (!m_stage)
        return hint;
    return {hint.width(), m_area->sizeHint().height() + 2 * frameWidth()};
}

ClientLane* ClientLaneList::lane(const QString& name, const EngineSnapshot& snapshot, qint64 nowUs)
{
    for (const ClientSnapshot& c : snapshot.clients) {
        if (c.name != name)
            continue;
        ClientLane* found = lane(c.id);
        if (found && m_stale.remove(c.id))
            syncLane(found, c, snapshot, nowUs);
        return found;
    }
    return nullptr;
}

void ClientLaneList::sync(const EngineSnapshot& snapshot, qint64 nowUs)
{
    QList<int> order;
    for (const ClientSnapshot& c : snapshot.clients)
        order.append(c.id);
    dropLanesNotIn(order);
    const QRect inView = shown();
    m_stale.clear();
    for (const ClientSnapshot& c : snapshot.clients) {
        ClientLane*& lane = m_lanes[c.id];
        const bool created = !lane;
        if (created) {
            lane = new ClientLane(c.id, m_area);
            lane->setStage(m_stage);
            lane->setRecorded(m_recorded);
            connect(lane, &ClientLane::commandRequested, this, &ClientLaneList::commandRequested);
            connect(lane, &ClientLane::settingsRequested, this, &ClientLaneList::settingsRequested);
        }
        if (created || lane->geometry().intersects(inView))
            syncLane(lane, c, snapshot, nowUs);
        else
            m_stale.insert(c.id);
    }
    if (order != m_order)
        reorder(order);
    if (const QList<int> focus = focusOf(snapshot); focus != m_focus) {
        m_focus = focus;
        keepInView();
        // Once the layout has placed the lanes at their new minimum.
        QTimer::singleShot(0, this, &ClientLaneList::scrollToFocus);
    }
}

void ClientLaneList::setCaption(const QString& text, qint64 nowUs)
{
    m_caption = text;
    if (nowUs >= 0)
        m_captionsUs.append(nowUs);
    while (m_captionsUs.size() > 64)
        m_captionsUs.removeFirst();
}

// The story's clients now: those in an open overlap (else in their sections at once on a
// resource), then those the caption names; in lane order.
QList<int> ClientLaneList::focusOf(const EngineSnapshot& snapshot) const
{
    QSet<int> ids;
    for (const Violation& v : snapshot.violations)
        if (v.kind == HistoryEvent::ViolationKind::Overlap && v.isOpen())
            ids << v.firstClient << v.secondClient;
    for (const ResourceSnapshot& r : snapshot.resources)
        if (r.sections.size() > 1)
            for (const ResourceSnapshot::Section& s : r.sections)
                ids << s.client;
    // A name as a whole word: "C1" is not in "C10". Any script around it (C1 醒来).
    for (const ClientSnapshot& c : snapshot.clients)
        if (!m_caption.isEmpty() && m_caption.contains(QRegularExpression(
                                        QStringLiteral("(^|[^A-Za-z0-9_])%1($|[^A-Za-z0-9_])")
                                            .arg(QRegularExpression::escape(c.name)))))
            ids << c.id;
    QList<int> focus;
    for (int id : m_order)
        if (ids.contains(id))
            focus << id;
    return focus;
}

// The first and the last lane of the story in view, when the view can hold them both.
void ClientLaneList::scrollToFocus()
{
    if (m_focus.isEmpty())
        return;
    const ClientLane* first = m_lanes.value(m_focus.first());
    const ClientLane* last = m_lanes.value(m_focus.last());
    if (!first || !last)
        return;
    const int top = first->geometry().top();
    const int bottom = last->geometry().bottom();
    QScrollBar* bar = verticalScrollBar();
    const int height = viewport()->height();
    if (top >= bar->value() && bottom < bar->value() + height)
        return; // already in view
    bar->setValue(bottom - top < height ? bottom - height + 1 : top);
}

void ClientLaneList::dropLanesNotIn(const QList<int>& ids)
{
    for (auto it = m_lanes.begin(); it != m_lanes.end();) {
        if (!ids.contains(it.key())) {
            delete it.value();
            it = m_lanes.erase(it);
        } else {
            ++it;
        }
    }
}

// Re-inserted in snapshot order (no widget is made here).
void ClientLaneList::reorder(const QList<int>& order)
{
    m_order = order;
    for (ClientLane* lane : std::as_const(m_lanes))
        m_layout->removeWidget(lane);
    for (int i = 0; i < order.size(); ++i) {
        ClientLane* lane = m_lanes.value(order[i]);
        m_layout->insertWidget(i, lane);
        lane->show();
    }
    m_noClients->setVisible(order.isEmpty());
    keepInView();
    updateGeometry(); // on the stage its height follows the lanes
}

// What the nodes say about one client: which of them cut it off by name (a partition from
// every client is on its node's card, not repeated on every lane), and the keys it left on
// them (for a crashed client).
void ClientLaneList::syncLane(ClientLane* lane, const ClientSnapshot& client,
                              const EngineSnapshot& snapshot, qint64 nowUs) const
{
    lane->setClient(client, nowUs);
    QList<int> cutOff;
    int keyNodes = 0;
    qint64 keysUntilUs = 0;
    for (int i = 0; i < snapshot.nodes.size(); ++i) {
        const NodeSnapshot& node = snapshot.nodes[i];
        if (FaultText::namesClient(node, client.name))
            cutOff << i + 1;
        for (const KeySnapshot& k : node.keys) {
            if (k.ownerClient != client.id || k.pttlMs <= 0)
                continue;
            ++keyNodes;
            keysUntilUs = qMax(keysUntilUs, k.readUs + k.pttlMs * 1000);
        }
    }
    lane->setNodeCount(int(snapshot.nodes.size()));
    lane->setSentinelReady(snapshot.sentinels.ready);
    lane->setCutOffFrom(cutOff);
    lane->setLeftoverKeys(keyNodes, keysUntilUs);
    lane->setMoment(momentOf(client, snapshot));
}

QStringList ClientLaneList::momentOf(const ClientSnapshot& client,
                                     const EngineSnapshot& snapshot) const
{
    // News until the client begins a critical section after it, and a few seconds at least:
    // a client buying in a loop begins its next one at once, before a class has read it.
    const auto told = [this, &snapshot](qint64 tUs) {
        int after = 0;
        for (qint64 shown : m_captionsUs)
            after += shown >= tUs && shown <= snapshot.tUs ? 1 : 0;
        return after == 1;
    };
    const auto news = [&](qint64 tUs) {
        return tUs >= 0 &&
               (client.sectionSinceUs <= tUs || snapshot.tUs - tUs < MomentHoldUs || told(tUs));
    };
    ClientLegend legend;
    legend.update(snapshot.clients);
    const CheckerMoments::RejectedWrite& w = snapshot.moments.rejectedWrite;
    const CheckerMoments::WrongRelease& r = snapshot.moments.wrongRelease;
    // The newer of the two, when both concern this client.
    const bool writer = w.writer == client.id && news(w.tUs);
    const bool release = (r.deleter == client.id || r.owner == client.id) && news(r.tUs);
    if (writer && (!release || w.tUs >= r.tUs)) {
        const QString fence = w.fence.toDisplay();
        return {tr("✗ its stale write (stock %1, fence %2) was REJECTED: %3 had taken the lock")
                    .arg(w.value)
                    .arg(fence, legend.name(w.superseder)),
                tr("✗ stale write REJECTED · fence %1").arg(fence), tr("✗ write REJECTED")};
    }
    if (!release)
        return {};
    const QString node = EventText::nodeName(r.node);
    if (r.deleter == client.id)
        return {tr("✗ its release DELETED %1's lock on %2").arg(legend.name(r.owner), node),
                tr("✗ deleted %1's lock").arg(legend.name(r.owner))};
    return {tr("✗ its lock on %1 was DELETED by %2's release").arg(node, legend.name(r.deleter)),
            tr("✗ lock deleted by %1").arg(legend.name(r.deleter))};
}

bool ClientLaneList::advance(qint64 nowUs)
{
    bool moving = false;
    const QRect inView = shown();
    for (ClientLane* lane : std::as_const(m_lanes))
        if (lane->geometry().intersects(inView))
            moving = lane->advance(nowUs) || moving;
    return moving;
}

void ClientLaneList::rebuild()
{
    qDeleteAll(m_lanes);
    m_lanes.clear();
    m_order.clear();
    m_stale.clear();
}

// The part of the lanes area in view, in the area's coordinates.
QRect ClientLaneList::shown() const
{
    return QRect(m_area->mapFrom(viewport(), QPoint(0, 0)), viewport()->size());
}

void ClientLaneList::setAllLanesInView(bool all)
{
    if (m_allLanesInView == all)
        return;
    m_allLanesInView = all;
    keepInView();
}

// Room for every lane when there are three clients at most: a built-in scenario has no more,
// and a caption may speak of all of them (split-votes); a dock and the storage card's lowest
// lines give way instead. With more clients, or several docks open, two whole lanes,
// scrolled to the ones the story is about.
void ClientLaneList::keepInView()
{
    const int lane = m_order.isEmpty() ? m_noClients->sizeHint().height()
                                       : m_lanes.value(m_order.first())->sizeHint().height();
    const int clients = std::max(int(m_order.size()), 1);
    const int lanes = clients <= AllLanesUpTo && m_allLanesInView ? clients : 2;
    setMinimumHeight(lanes * lane + (lanes - 1) * m_layout->spacing() + 2 * frameWidth());
}

void ClientLaneList::resizeEvent(QResizeEvent* event)
{
    QScrollArea::resizeEvent(event);
    QTimer::singleShot(0, this, &ClientLaneList::scrollToFocus);
}

void ClientLaneList::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        QTimer::singleShot(0, this, &ClientLaneList::keepInView); // once the lanes have it
    QScrollArea::changeEvent(event);
}
