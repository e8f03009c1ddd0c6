// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QList>
#include <QPair>

class QAction;
class QTableWidget;

// Help > Shortcuts: a table of keys and what they do. rowsFor() reads the keys from the
// window's actions themselves, so the list cannot drift from what the keys really do.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    using Row = QPair<QString, QString>; // keys, what they do

    explicit ShortcutsDialog(const QList<Row>& rows, QWidget* parent = nullptr);
    static QList<Row> rowsFor(const QList<QAction*>& actions);

    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table;
};
