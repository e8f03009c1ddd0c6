// SPDX-License-Identifier: GPL-3.0-or-later
#include "cards/nodecardgrid.h"

#include "cards/keylistview.h"
#include "cards/nodecard.h"
#include "cards/storagecard.h"
#include "widgets/clientlegend.h"

#include <QGridLayout>

namespace {

constexpr int MaxInOneRow = 6;
constexpr int MaxColumns = 10;

} // namespace

NodeCardGrid::NodeCardGrid(QWidget* parent)
    : QWidget(parent), m_layout(new QGridLayout(this)), m_storage(new StorageCard(this))
{
    setObjectName(QStringLiteral("nodeCards"));
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(8);
}

void NodeCardGrid::setSentinelCard(QWidget* card)
{
    m_sentinels = card;
    m_sentinels->setParent(this);
    m_sentinels->setVisible(m_withSentinels);
    relayout();
}

NodeCard* NodeCardGrid::card(int number) const
{
    return m_cards.value(number, nullptr);
}

bool NodeCardGrid::sync(const EngineSnapshot& snapshot, const ClientLegend& legend, qint64 nowUs)
{
    QHash<int, int> ttlByClient;
    for (const ClientSnapshot& c : snapshot.clients)
        ttlByClient.insert(c.id, c.settings.lock.ttlMs);
    const int n = int(snapshot.nodes.size());
    bool changed = dropCardsAbove(n);
    const bool sentinelsMoved = snapshot.sentinels.present != m_withSentinels;
    m_withSentinels = snapshot.sentinels.present;
    for (int i = 0; i < n; ++i) {
        NodeCard*& card = m_cards[i + 1];
        if (!card) {
            card = new NodeCard(i + 1, this);
            connect(card, &NodeCard::commandRequested, this, &NodeCardGrid::commandRequested);
            card->setSelected(m_selected == i + 1);
            card->setStage(m_stage);
            card->setRecorded(m_recorded);
            changed = true;
        }
        card->setNode(snapshot.nodes[i], legend, ttlByClient, nowUs);
    }
    m_storage->setStorage(snapshot.storage, snapshot.counters);
    m_storage->setRejectedWrite(snapshot.moments.rejectedWrite, legend);
    if (changed || sentinelsMoved)
        relayout();
    if (m_selected > n)
        select(0);
    return changed;
}

bool NodeCardGrid::dropCardsAbove(int count)
{
    bool dropped = false;
    for (auto it = m_cards.begin(); it != m_cards.end();) {
        if (it.key() > count) {
            delete it.value();
            it = m_cards.erase(it);
            dropped = true;
        } else {
            ++it;
        }
    }
    return dropped;
}

void NodeCardGrid::relayout()
{
    while (m_layout->count() > 0)
        delete m_layout->takeAt(0);
    const bool sentinels = m_sentinels && m_withSentinels;
    const int n = count() + 1 + (sentinels ? 1 : 0); // the storage card is one more
    const int columns = n <= MaxInOneRow ? n : (n + 1) / 2;
    for (int c = 0; c < MaxColumns; ++c)
        m_layout->setColumnStretch(c, c < columns ? 1 : 0);
    int i = 0;
    for (NodeCard* card : std::as_const(m_cards)) {
        m_layout->addWidget(card, i / columns, i % columns);
        card->show();
        ++i;
    }
    m_layout->addWidget(m_storage, i / columns, i % columns);
    if (sentinels) {
        ++i;
        m_layout->addWidget(m_sentinels, i / columns, i % columns);
    }
}

void NodeCardGrid::setStage(bool stage)
{
    m_stage = stage;
    for (NodeCard* card : std::as_const(m_cards))
        card->setStage(stage);
    m_storage->setStage(stage);
}

void NodeCardGrid::setRecorded(bool recorded)
{
    m_recorded = recorded;
    for (NodeCard* card : std::as_const(m_cards))
        card->setRecorded(recorded);
}

bool NodeCardGrid::advance(qint64 nowUs)
{
    bool moving = false;
    for (NodeCard* card : std::as_const(m_cards))
        moving = card->advance(nowUs) || moving;
    return moving;
}

void NodeCardGrid::settle()
{
    for (NodeCard* card : std::as_const(m_cards))
        card->keyView()->settle();
}

void NodeCardGrid::rebuild()
{
    qDeleteAll(m_cards);
    m_cards.clear();
    delete std::exchange(m_storage, new StorageCard(this));
    m_storage->setStage(m_stage);
    relayout();
}

QString NodeCardGrid::lineForSelected(const QString& verb, QString* why) const
{
    const NodeCard* selected = card(m_selected);
    if (!selected) {
        *why = tr("Select a node first (keys 1 to 9).");
        return {};
    }
    QString v = verb;
    if (verb == QLatin1String("pause") && selected->canDo(QStringLiteral("resume")))
        v = QStringLiteral("resume"); // P toggles
    // The keys offer what the card offers: nothing the engine would refuse.
    *why = selected->whyNot(v);
    if (why->isEmpty() && v == QLatin1String("heal") && !selected->hasHealableFault())
        *why = tr("Node %1 has nothing to heal.").arg(m_selected);
    return why->isEmpty() ? QStringLiteral("node %1 %2").arg(v).arg(m_selected) : QString();
}

void NodeCardGrid::select(int number)
{
    if (number > 0 && !m_cards.contains(number))
        return;
    m_selected = number;
    for (NodeCard* card : std::as_const(m_cards))
        card->setSelected(card->number() == number);
}
