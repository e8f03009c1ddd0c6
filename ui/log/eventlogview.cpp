// SPDX-License-Identifier: GPL-3.0-or-later
#include "log/eventlogview.h"

#include "base/enumnames.h"

#include "log/eventlogfilter.h"
#include "log/eventlogmodel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

namespace {} // namespace

EventLogView::EventLogView(QWidget* parent)
    : QWidget(parent), m_model(new EventLogModel(EventLogModel::DefaultCapacity, this)),
      m_filter(new EventLogFilter(this)), m_table(new QTableView(this)),
      m_clientCombo(new QComboBox(this)), m_nodeCombo(new QComboBox(this)),
      m_kindCombo(new QComboBox(this)), m_countLabel(new QLabel(this))
{
    setObjectName(QStringLiteral("eventLog"));
    m_clientCombo->setObjectName(QStringLiteral("clientFilter"));
    m_nodeCombo->setObjectName(QStringLiteral("nodeFilter"));
    m_kindCombo->setObjectName(QStringLiteral("kindFilter"));
    for (QComboBox* c : {m_clientCombo, m_nodeCombo, m_kindCombo})
        c->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    m_kindCombo->addItem(tr("All events"), EventLogFilter::Any);
    const QStringList kinds = EnumNames::all<HistoryEvent::Kind>();
    for (int k = 0; k < kinds.size(); ++k)
        m_kindCombo->addItem(kinds[k], k);
    fillCombo(m_clientCombo, {});
    fillCombo(m_nodeCombo, {});

    m_filter->setSourceModel(m_model);
    m_table->setModel(m_filter);
    m_table->setObjectName(QStringLiteral("eventTable"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setShowGrid(false);
    m_table->verticalHeader()->hide();
    // Fixed row heights: the view never measures 20,000 rows.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(true);

    QScrollBar* bar = m_table->verticalScrollBar();
    // Follow the end while the user is there; once they scroll up, leave them be.
    connect(bar, &QScrollBar::valueChanged, this,
            [this, bar](int value) { m_follow = value >= bar->maximum(); });
    connect(bar, &QScrollBar::rangeChanged, this, [this, bar](int, int max) {
        if (m_follow)
            bar->setValue(max);
    });

    auto applyLater = [this] { applyFilters(); };
    connect(m_clientCombo, &QComboBox::currentIndexChanged, this, applyLater);
    connect(m_nodeCombo, &QComboBox::currentIndexChanged, this, applyLater);
    connect(m_kindCombo, &QComboBox::currentIndexChanged, this, applyLater);

    auto* filters = new QHBoxLayout;
    filters->setContentsMargins(0, 0, 0, 0);
    for (QComboBox* combo : {m_clientCombo, m_nodeCombo, m_kindCombo}) {
        auto* label = new QLabel(this);
        m_filterLabels.append(label);
        if (combo != m_clientCombo)
            filters->addSpacing(8);
        filters->addWidget(label);
        filters->addWidget(combo);
    }
    filters->addStretch(1);
    filters->addWidget(m_countLabel);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    layout->addLayout(filters);
    layout->addWidget(m_table, 1);
    retranslate(); // and fitToFont()
}

void EventLogView::retranslate()
{
    m_clientCombo->setToolTip(tr("Show only the events of one client."));
    m_nodeCombo->setToolTip(tr("Show only the events of one node."));
    m_kindCombo->setToolTip(tr("Show only one kind of event."));
    m_countLabel->setToolTip(tr("Events shown / kept (the log keeps the latest %L1).")
                                 .arg(EventLogModel::DefaultCapacity));
    m_table->setToolTip(tr("The latest events of the run, oldest at the top."));
    m_filterLabels[0]->setText(tr("Client"));
    m_filterLabels[1]->setText(tr("Node"));
    m_filterLabels[2]->setText(tr("Event"));
    m_kindCombo->setItemText(0, tr("All events"));
    m_clientCombo->setItemText(0, tr("All clients"));
    m_nodeCombo->setItemText(0, tr("All nodes"));
    // The node names ("Node 3") are words too: made again in the new language.
    QList<QPair<int, int>> numbers;
    for (const auto& [text, index] : std::exchange(m_nodeItems, {}))
        numbers.append({index, int(numbers.size()) + 1});
    if (!numbers.isEmpty())
        setNodes(numbers);
    emit m_model->headerDataChanged(Qt::Horizontal, 0, m_model->columnCount({}) - 1);
    fitToFont(); // the headings' new words
}

void EventLogView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::FontChange)
        fitToFont();
    QWidget::changeEvent(event);
}

// Rows and columns follow the type size and the language: a column is as wide as its
// usual contents and never narrower than its heading. On a projector's 720 lines the log
// may shrink to its header and a row: the lock comes first, and the log scrolls (or is
// made taller by dragging its edge).
void EventLogView::fitToFont()
{
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    QHeaderView* header = m_table->horizontalHeader();
    const int digit = m_table->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    const QList<QPair<int, int>> digits{{EventLogModel::TimeColumn, 11},
                                        {EventLogModel::KindColumn, 17},
                                        {EventLogModel::ClientColumn, 8},
                                        {EventLogModel::NodeColumn, 6}};
    for (const auto& [column, count] : digits) {
        const QString heading = m_model->headerData(column, Qt::Horizontal).toString();
        header->resizeSection(
            column,
            qMax(digit * count, header->fontMetrics().horizontalAdvance(heading) + digit * 2));
    }
    const int row = fontMetrics().height() + 4;
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height() + row +
                              2 * m_table->frameWidth());
}

EventLogView::~EventLogView()
{
    // The table dies with QWidget's destructor, after ours: its scroll bar must not call
    // back into a half-destroyed view.
    m_table->verticalScrollBar()->disconnect(this);
}

void EventLogView::appendEvents(const QList<HistoryEvent>& events)
{
    m_model->appendEvents(events);
    m_countLabel->setText(tr("%L1 / %L2").arg(m_filter->rowCount()).arg(m_model->rowCount()));
}

void EventLogView::setClients(const ClientLegend& legend)
{
    m_model->setLegend(legend);
    QList<QPair<QString, int>> items;
    for (const int id : legend.ids())
        items.append({legend.name(id), id});
    if (items != m_clientItems) {
        m_clientItems = items;
        fillCombo(m_clientCombo, items);
        applyFilters(); // the chosen client may be gone
    }
}

void EventLogView::setNodes(const QList<QPair<int, int>>& indexToNumber)
{
    QHash<int, int> numbers;
    QList<QPair<QString, int>> items;
    for (const auto& [index, number] : indexToNumber) {
        numbers.insert(index, number);
        items.append({tr("Node %1").arg(number), index});
    }
    m_model->setNodeNumbers(numbers);
    if (items != m_nodeItems) {
        m_nodeItems = items;
        fillCombo(m_nodeCombo, items);
        applyFilters();
    }
}

void EventLogView::fillCombo(QComboBox* combo, const QList<QPair<QString, int>>& items)
{
    // Keep the user's choice across refills, by value.
    const QVariant current = combo->currentData();
    const QSignalBlocker blocker(combo);
    combo->clear();
    combo->addItem(combo == m_clientCombo ? tr("All clients") : tr("All nodes"),
                   EventLogFilter::Any);
    for (const auto& [text, value] : items)
        combo->addItem(text, value);
    const int i = current.isValid() ? combo->findData(current) : 0;
    combo->setCurrentIndex(qMax(0, i));
}

void EventLogView::applyFilters()
{
    m_filter->setClient(m_clientCombo->currentData().toInt());
    m_filter->setNode(m_nodeCombo->currentData().toInt());
    m_filter->setKind(m_kindCombo->currentData().toInt());
    m_countLabel->setText(tr("%L1 / %L2").arg(m_filter->rowCount()).arg(m_model->rowCount()));
    if (m_follow)
        m_table->scrollToBottom();
}
