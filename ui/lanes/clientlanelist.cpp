// SPDX-License-Identifier: GPL-3.0-or-later
#include "lanes/clientlanelist.h"

#include "cards/faulttext.h"
#include "lanes/clientlane.h"

#include <QEvent>
#include <QLabel>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

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
    m_noClients->setText(tr("No clients yet: press A to add one."));
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

// Room for one whole lane at least. (Two would push the window past 720 lines with the log
// and the scenario bar open in large type.)
void ClientLaneList::keepInView()
{
    const int height = m_order.isEmpty() ? m_noClients->sizeHint().height()
                                         : m_lanes.value(m_order.first())->sizeHint().height();
    setMinimumHeight(height + 2 * frameWidth());
}

void ClientLaneList::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        QTimer::singleShot(0, this, &ClientLaneList::keepInView); // once the lanes have it
    QScrollArea::changeEvent(event);
}
