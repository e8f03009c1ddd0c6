// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"
#include "model/checkermoments.h"
#include "model/storagesnapshot.h"

#include <QFrame>

class ClientLegend;
class ElidedLabel;
class PillLabel;
class QLabel;

// The storage node: the stock (docs/domain.md, "The stock"), the data the lock protects. Shown
// big, because it is where the class sees whether the lock did its job: items left (the storage's
// own value), sold, OVERSOLD and LOST UPDATES (red as soon as they are not 0), stale writes
// accepted and rejected (the last one rejected: whose write, with which token, and who had
// taken the lock since), and the newest fencing token the storage accepted, with the rule it
// is checked by.
class StorageCard : public QFrame
{
    Q_OBJECT

public:
    explicit StorageCard(QWidget* parent = nullptr);

    void setStorage(const StorageSnapshot& storage, const CheckCounters& counters);
    // The stage for a class: no address, no command hints.
    void setStage(bool stage);
    // The last stale write the fenced storage refused (none when its tUs is -1).
    void setRejectedWrite(const CheckerMoments::RejectedWrite& rejected,
                          const ClientLegend& legend);

    QString stockText() const;
    QString damageText() const;
    QString fenceText() const;
    QString rejectedText() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // Its height is its hints' (at its width now), not its wrapped labels' height for width:
    // otherwise the grid would give it every line, whatever the window's height.
    bool hasHeightForWidth() const override { return false; }
    // The rule a fencing token is checked by, in one line.
    static QString fenceRule();

signals:
    void commandRequested(const QString& line);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    int heightTo(const QWidget* last, int width) const;
    void fitDetails();
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
    QLabel* m_fenceRule;
    QLabel* m_rejected;
    StorageSnapshot m_storage;
    CheckCounters m_counters;
    bool m_damaged = false;
    qint64 m_rejectedTime = -1; // the last rejected write's, -1: none
    bool m_large = false;       // large type: no address line unless it says an error
    bool m_stage = false;       // on the stage: no address line, no command hints
    bool m_applyingFonts = false;
    bool m_fitQueued = false; // fitDetails() after the layout pass that resized the card
};
