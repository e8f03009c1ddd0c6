// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"
#include "model/storagesnapshot.h"

#include <QFrame>

class ElidedLabel;
class PillLabel;
class QLabel;

// The storage node: the stock (docs/domain.md, "The stock"), the data the lock protects. Shown
// big, because it is where the class sees whether the lock did its job: items left (the storage's
// own value), sold, OVERSOLD and LOST UPDATES (red as soon as they are not 0), stale writes
// accepted and rejected, and the newest fencing token the storage accepted.
class StorageCard : public QFrame
{
    Q_OBJECT

public:
    explicit StorageCard(QWidget* parent = nullptr);

    void setStorage(const StorageSnapshot& storage, const CheckCounters& counters);

    QString stockText() const;
    QString damageText() const;
    QString fenceText() const;

signals:
    void commandRequested(const QString& line);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void applyFonts();
    void setAlert(QLabel* label, bool alert);

    QLabel* m_title;
    PillLabel* m_statePill;
    ElidedLabel* m_address;
    QLabel* m_stock;
    QLabel* m_stockCaption;
    QLabel* m_sales;
    QLabel* m_damage;
    QLabel* m_writes;
    QLabel* m_fence;
    StorageSnapshot m_storage;
    CheckCounters m_counters;
    bool m_damaged = false;
    bool m_applyingFonts = false;
};
