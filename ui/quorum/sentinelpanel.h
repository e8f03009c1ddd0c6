// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/sentinelsnapshot.h"

#include <QFrame>

class QLabel;

// The Sentinels' view in the replicated topology, a card beside the nodes': who they name
// master, how many agree against the quorum, and each Sentinel's own word (a line each), so a
// class sees the promotion happen and sees it when the Sentinels cannot agree ("not reaching
// quorum"). Hidden on independent masters.
class SentinelPanel : public QFrame
{
    Q_OBJECT

public:
    explicit SentinelPanel(QWidget* parent = nullptr);

    void setSentinels(const SentinelSnapshot& sentinels);
    QString headline() const;
    QString details() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyFonts();
    static QString headlineOf(const SentinelSnapshot& s);
    static QString viewText(int number, const SentinelView& view);

    QLabel* m_headline;
    QLabel* m_details;
    bool m_applyingFonts = false;
};
