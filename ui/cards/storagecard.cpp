// SPDX-License-Identifier: GPL-3.0-or-later
#include "cards/storagecard.h"

#include "settings/typesize.h"
#include "widgets/clientlegend.h"
#include "widgets/elidedlabel.h"
#include "widgets/enumtext.h"
#include "widgets/pilllabel.h"
#include "widgets/uitheme.h"

#include <QApplication>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QResizeEvent>
#include <QVBoxLayout>

StorageCard::StorageCard(QWidget* parent)
    : QFrame(parent), m_title(new QLabel(tr("Storage"), this)), m_statePill(new PillLabel(this)),
      m_address(new ElidedLabel(this)), m_stock(new QLabel(this)), m_stockCaption(new QLabel(this)),
      m_sales(new QLabel(this)), m_damage(new QLabel(this)), m_writes(new QLabel(this)),
      m_fence(new QLabel(this)), m_fenceRule(new QLabel(this)), m_rejected(new QLabel(this))
{
    setObjectName(QStringLiteral("storageCard"));
    // Preferred, not Minimum: it may be shorter than it would like (see minimumSizeHint).
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
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
    const QString fenceTip =
        tr("The newest fencing token the storage accepted. A token lists, for each node that "
           "granted the lock, node:number, the number that node's INCR gave with the lock (2:8 = "
           "node 2 gave 8); numbers grow on each node in the order the lock was taken there. A "
           "write is accepted only if its token is newer on every node both tokens share: two "
           "majorities always share a node, so a client that lost its lock to a newer holder is "
           "refused.");
    m_fence->setToolTip(fenceTip);
    m_fenceRule->setObjectName(QStringLiteral("fenceRule"));
    m_fenceRule->setText(fenceRule());
    m_fenceRule->setToolTip(fenceTip);
    m_rejected->setObjectName(QStringLiteral("rejectedWrite"));
    m_rejected->setToolTip(tr("The last write the fencing check refused: its writer had been "
                              "superseded by a newer holder, so its token was older."));
    m_rejected->hide();
    for (QLabel* l : {m_stockCaption, m_sales, m_fence, m_fenceRule, m_rejected})
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
    layout->addWidget(m_rejected);
    layout->addWidget(m_fence);
    layout->addWidget(m_fenceRule);
    layout->addStretch(1);
    applyFonts();
    setStorage({}, {});
}

// The height of the card down to `last` (every line shown that has words), at width `w`.
int StorageCard::heightTo(const QWidget* last, int w) const
{
    const QMargins margins = layout()->contentsMargins();
    int h = margins.top() + margins.bottom();
    for (int i = 0; i < layout()->count(); ++i) {
        QLayoutItem* item = layout()->itemAt(i);
        QWidget* widget = item->widget();
        if (item->spacerItem())
            continue;
        const auto* label = qobject_cast<const QLabel*>(widget);
        // Lines without words (no fence yet, nothing rejected) take no room.
        const bool empty =
            (label && label->text().isEmpty()) || (widget == m_rejected && m_rejectedTime < 0);
        const int inner = w - margins.left() - margins.right();
        if (!empty)
            h += (widget && widget->hasHeightForWidth() ? widget->heightForWidth(inner)
                  : item->hasHeightForWidth()           ? item->heightForWidth(inner)
                                                        : item->sizeHint().height()) +
                 layout()->spacing();
        if (last && widget == last)
            break;
    }
    return h;
}

// Everything, when there is room for it.
QSize StorageCard::sizeHint() const
{
    const int w = width() > 0 ? width() : QFrame::sizeHint().width();
    return {QFrame::sizeHint().width(), heightTo(nullptr, w)};
}

// What must show: down to the damage (oversold, lost updates). The counts of stale writes, the
// last one refused, the fence and its rule below give way, the rule first, when the window is
// short (large type, a dock open, on 720 lines): the status bar's verdict counts the stale
// writes, the lane and the timeline mark the refused write too, the fence's rule is in the
// tooltips, and the lanes of the story matter more than a window that grows off the screen.
QSize StorageCard::minimumSizeHint() const
{
    const int w = width() > 0 ? width() : QFrame::sizeHint().width();
    return {QFrame::minimumSizeHint().width(), heightTo(m_damage, w)};
}

// Not at once: a resize comes in the middle of the grid's layout pass, and showing or hiding
// a line there starts a nested pass of the window's layouts. When it returned, the outer pass
// went on with the grid's old height and left the node cards where it had put them (seen in
// Chinese in large type: the cards 136 lines high in a row of 356, the storage card over
// node 5). Once the pass is over, the lines fit the height the card was given.
void StorageCard::resizeEvent(QResizeEvent* event)
{
    QFrame::resizeEvent(event);
    if (m_fitQueued)
        return;
    m_fitQueued = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_fitQueued = false;
            fitDetails();
        },
        Qt::QueuedConnection);
}

// The lines under the counts as the card's height allows, from the bottom up.
void StorageCard::fitDetails()
{
    const int w = width();
    m_writes->setVisible(height() >= heightTo(m_writes, w));
    m_rejected->setVisible(m_rejectedTime >= 0 && height() >= heightTo(m_rejected, w));
    const bool fence = !m_fence->text().isEmpty();
    m_fence->setVisible(fence && height() >= heightTo(m_fence, w));
    m_fenceRule->setVisible(fence && height() >= heightTo(m_fenceRule, w));
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
    for (QLabel* l : {m_writes, m_fence, m_fenceRule, m_rejected})
        l->setFont(small);
    // In large type the address goes (it is in the title's tooltip): a class reads the stock,
    // and on 720 lines each line of this narrow card pushes the lanes down.
    const double base = qMax(10.0, QApplication::font().pointSizeF());
    m_large = TypeSize::isLarge(font().pointSizeF() / base);
    m_address->setVisible((!m_large && !m_stage) || m_storage.state == NodeSnapshot::State::Down);
    m_applyingFonts = false;
}

void StorageCard::setStage(bool stage)
{
    m_stage = stage;
    setStorage(m_storage, m_counters);
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
    m_address->setVisible((!m_large && !m_stage) || down); // an error is said in any size
    m_stock->setText(stockText());
    if (!storage.stockActive && m_stage) // the class is told no command
        m_stockCaption->setText(tr("no stock yet"));
    else if (!storage.stockActive)
        m_stockCaption->setText(tr("no stock yet: `stock 100` puts 100 items here"));
    else if (!storage.stockExists)
        m_stockCaption->setText(tr("the stock key is gone from the storage"));
    else
        m_stockCaption->setText(tr("left of %1").arg(storage.initial));
    // Since the last `stock N`, beside what is left of it: sold minus the drop is what was lost.
    m_sales->setText(storage.stockActive ? tr("%n sold", nullptr, int(storage.soldSinceStock))
                                         : QString());
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
    if (m_writes->text() != writes) {
        m_writes->setText(writes);
        updateGeometry();
    }
    setAlert(m_writes, counters.staleWrites > 0);
    const QString fence = fenceText();
    if (m_fence->text() != fence) {
        m_fence->setText(fence);
        updateGeometry(); // its hint counts hidden lines too: the grid must ask again
    }
    fitDetails();
    QPalette muted = palette();
    muted.setColor(QPalette::WindowText, UiTheme::muted(dark));
    m_fenceRule->setPalette(muted);
    update();
}

void StorageCard::setRejectedWrite(const CheckerMoments::RejectedWrite& rejected,
                                   const ClientLegend& legend)
{
    m_rejectedTime = rejected.tUs;
    if (rejected.tUs < 0) {
        m_rejected->hide();
        return;
    }
    // Who and which token on the card; the rest (what it wrote, who had the lock) in the tip:
    // the card is narrow, and every line of it pushes the lanes down.
    const QString fence = rejected.fence.toDisplay();
    const QString text =
        tr("✗ REJECTED %1's stale write · fence %2").arg(legend.name(rejected.writer), fence);
    if (m_rejected->text() != text) {
        m_rejected->setText(text);
        m_rejected->setToolTip(
            tr("%1 wrote stock %2 with fence %3, but %4 had taken the lock since: its token is "
               "newer on a node both share, so the storage refused the write.")
                .arg(legend.name(rejected.writer))
                .arg(rejected.value)
                .arg(fence, legend.name(rejected.superseder)));
    }
    QPalette p = palette();
    p.setColor(QPalette::WindowText, UiTheme::warn(UiTheme::isDark(palette())));
    m_rejected->setPalette(p);
    updateGeometry(); // a line more it would like
    fitDetails();
}

QString StorageCard::rejectedText() const
{
    return m_rejectedTime < 0 ? QString() : m_rejected->text();
}

QString StorageCard::fenceRule()
{
    return tr("newer on every node both tokens share");
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
