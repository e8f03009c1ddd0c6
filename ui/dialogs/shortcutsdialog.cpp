// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

ShortcutsDialog::ShortcutsDialog(const QList<Row>& rows, QWidget* parent)
    : QDialog(parent), m_table(new QTableWidget(this))
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setAttribute(Qt::WA_WindowPropagation);
    setWindowTitle(tr("Keyboard shortcuts"));
    m_table->setColumnCount(2);
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("Action")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        m_table->setItem(i, 0, new QTableWidgetItem(rows[i].first));
        m_table->setItem(i, 1, new QTableWidgetItem(rows[i].second));
    }
    m_table->resizeColumnToContents(0);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(620, 560);
}

QList<ShortcutsDialog::Row> ShortcutsDialog::rowsFor(const QList<QAction*>& actions)
{
    QList<Row> rows;
    for (const QAction* action : actions) {
        QStringList keys;
        for (const QKeySequence& k : action->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        if (keys.isEmpty())
            continue;
        QString text = action->toolTip().isEmpty() ? action->text() : action->toolTip();
        text.remove(QLatin1Char('&'));
        rows.append({keys.join(QStringLiteral(", ")), text});
    }
    return rows;
}
