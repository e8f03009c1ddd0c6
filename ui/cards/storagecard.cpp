// SPDX-License-Identifier: GPL-3.0-or-later
#include "cards/storagecard.h"

#include "widgets/elidedlabel.h"
#include "widgets/enumtext.h"
#include "widgets/pilllabel.h"
#include "widgets/uitheme.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QVBoxLayout>

StorageCard::StorageCard(QWidget* parent)
    : QFrame(parent), m_title(new QLabel(tr("Storage"), this)), m_statePill(new PillLabel(this)),
      m_address(new ElidedLabel(this)), m_stock(new QLabel(this)), m_stockCaption(new QLabel(this)),
      m_sales(new QLabel(this)), m_damage(new QLabel(this)), m_writes(new QLabel(this)),
      m_fence(new QLabel(this))
{
    setObjectName(QStringLiteral("storageCard"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    setMinimumWidth(190);
    m_title->setToolTip(tr("The storage node: its own Redis, never one of the lock nodes. It "
                           "holds the stock the clients buy from under the lock."));
    m_statePill->setMinimumText(QStringLiteral("starting"));
    m_address->setMuted(true);
    m_address->setObjectName(QStringLiteral("storageAddress"));
    m_stock->setObjectName(QStringLiteral("stock"));
    m_stock->setToolTip(tr("Items left, as the storage itself holds them (GET stock)."));
    m_damage->setObjectName(QStringLiteral("damage"));
    m_damage->setWordWrap(true);
    m_damage->setToolTip(tr("Oversold: more sold than there was. Lost updates: sales the stock "
                            "does not show, sold − (initial − left), counted exactly from what "
                            "the storage held before each write."));
    m_writes->setObjectName(QStringLiteral("writes"));
    m_writes->setWordWrap(true);
    m_writes->setToolTip(tr("Stale writes: accepted from a client whose lock another client had "
                            "taken since; rejected by the fencing check."));
    m_fence->setObjectName(QStringLiteral("fence"));
    m_fence->setToolTip(tr("The newest fencing token the storage accepted (node:counter): a "
                           "write whose token is not newer is refused."));
    for (QLabel* l : {m_stockCaption, m_sales, m_fence})
        l->setWordWrap(true);

    auto* header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    header->addWidget(m_title);
    header->addStretch(1);
    header->addWidget(m_statePill);
    auto* stock = new QHBoxLayout;
    stock->setContentsMargins(0, 0, 0, 0);
    stock->addWidget(m_stock, 0, Qt::AlignBottom);
    stock->addWidget(m_stockCaption, 1, Qt::AlignBottom);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10);
    layout->setSpacing(4);
    layout->addLayout(header);
    layout->addWidget(m_address);
    layout->addLayout(stock);
    layout->addWidget(m_sales);
    layout->addWidget(m_damage);
    layout->addWidget(m_writes);
    layout->addWidget(m_fence);
    layout->addStretch(1);
    applyFonts();
    setStorage({}, {});
}

void StorageCard::applyFonts()
{
    m_applyingFonts = true;
    QFont title = font();
    title.setBold(true);
    m_title->setFont(title);
    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 2.2);
    big.setBold(true);
    m_stock->setFont(big);
    QFont bold = font();
    bold.setBold(true);
    m_damage->setFont(bold);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    for (QLabel* l : {m_writes, m_fence})
        l->setFont(small);
    m_applyingFonts = false;
}

void StorageCard::setAlert(QLabel* label, bool alert)
{
    QPalette p = palette();
    const bool dark = UiTheme::isDark(palette());
    p.setColor(QPalette::WindowText, alert ? UiTheme::bad(dark) : UiTheme::muted(dark));
    label->setPalette(p);
}

void StorageCard::setStorage(const StorageSnapshot& storage, const CheckCounters& counters)
{
    m_storage = storage;
    m_counters = counters;
    const bool dark = UiTheme::isDark(palette());
    m_statePill->set(EnumText::nodeState(storage.state), UiTheme::nodeState(storage.state, dark));
    const bool down = storage.state == NodeSnapshot::State::Down && !storage.error.isEmpty();
    // Narrow: the address alone rather than "127.0.0.1:4…" (as on the node cards).
    if (down)
        m_address->setText(storage.error);
    else if (storage.local)
        m_address->setTexts({tr("%1  ·  local").arg(storage.address), storage.address});
    else
        m_address->setText(storage.address);
    m_address->setAlert(down);
    m_stock->setText(stockText());
    if (!storage.stockActive)
        m_stockCaption->setText(tr("no stock yet: `stock 100` puts 100 items here"));
    else if (!storage.stockExists)
        m_stockCaption->setText(tr("the stock key is gone from the storage"));
    else
        m_stockCaption->setText(tr("left of %1").arg(storage.initial));
    m_sales->setText(storage.stockActive ? tr("%n sold", nullptr, int(counters.sales)) : QString());
    m_damage->setText(damageText());
    m_damaged = !counters.dataSafe();
    setAlert(m_damage, m_damaged);
    const bool anyStale = counters.staleWrites > 0 || counters.staleWritesRejected > 0;
    QString writes = anyStale || storage.stockActive ? tr("stale writes: %1 accepted · %2 rejected")
                                                           .arg(counters.staleWrites)
                                                           .arg(counters.staleWritesRejected)
                                                     : QString();
    if (counters.validWritesRejected > 0)
        writes += tr("\nvalid writes refused: %1").arg(counters.validWritesRejected);
    m_writes->setText(writes);
    setAlert(m_writes, counters.staleWrites > 0);
    m_fence->setText(fenceText());
    m_fence->setVisible(!m_fence->text().isEmpty());
    update();
}

QString StorageCard::stockText() const
{
    if (!m_storage.stockActive || !m_storage.stockExists)
        return QStringLiteral("–");
    return QString::number(m_storage.stock);
}

QString StorageCard::damageText() const
{
    if (!m_storage.stockActive)
        return {};
    QStringList damage;
    if (m_counters.oversold > 0)
        damage << tr("OVERSOLD %1").arg(m_counters.oversold);
    if (m_counters.lostUpdates > 0)
        damage << tr("LOST UPDATES %1").arg(m_counters.lostUpdates);
    if (m_counters.resetsOverwritten > 0)
        damage << tr("RESETS OVERWRITTEN %1").arg(m_counters.resetsOverwritten);
    return damage.isEmpty() ? tr("no oversell · no lost update") : damage.join(QLatin1Char('\n'));
}

QString StorageCard::fenceText() const
{
    if (m_storage.newestFence.isNull())
        return {};
    return tr("fence: newest accepted %1").arg(m_storage.newestFence.toDisplay());
}

void StorageCard::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const bool dark = UiTheme::isDark(palette());
    const QPainterPath path = UiTheme::paintCard(painter, rect(), dark);
    if (m_damaged) {
        QColor tint = UiTheme::bad(dark);
        tint.setAlpha(dark ? 45 : 25);
        painter.fillPath(path, tint);
    }
    // Not a lock node: a double border sets it apart at a glance.
    const QColor border = m_damaged ? UiTheme::bad(dark) : UiTheme::info(dark);
    painter.setPen(QPen(border, m_damaged ? 3 : 1.5));
    painter.drawPath(path);
    QPainterPath inner;
    inner.addRoundedRect(path.boundingRect().adjusted(4, 4, -4, -4), 7, 7);
    painter.setPen(QPen(border, 1));
    painter.drawPath(inner);
}

void StorageCard::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange && !m_applyingFonts)
        applyFonts();
    if (event->type() == QEvent::PaletteChange)
        setStorage(m_storage, m_counters);
    QFrame::changeEvent(event);
}
