// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/keysnapshot.h"
#include "widgets/clientlegend.h"

#include <QHash>
#include <QList>
#include <QWidget>
#include <optional>

// The lock keys on one node: owner, token and a TTL bar each. Painted, and animated
// between snapshots: a TTL counts down on its own from the last reading (pttl read at
// readUs on the engine clock) and is corrected by the next one.
//
// The three ways a key changes must look different to a class:
//   appearing  grows in (a short animation),
//   deleted    (gone while its TTL was well above 0: released, or the node lost it)
//              collapses quickly,
//   expired    (its TTL ran out) fades out slowly, in place.
// A key that goes keeps its slot, and the next key grows into it (a cross-fade).
class KeyListView : public QWidget
{
    Q_OBJECT

public:
    enum class Phase
    {
        Appearing,
        Live,
        Deleted,
        Expired
    };

    static constexpr qint64 AppearUs = 350'000;
    static constexpr qint64 DeleteUs = 250'000;
    static constexpr qint64 ExpireUs = 900'000;
    // A key that vanishes with less than this left on its TTL expired; with more, it was
    // deleted. Covers the node's poll interval and a little clock skew.
    static constexpr qint64 ExpireSlackMs = 300;

    explicit KeyListView(QWidget* parent = nullptr);

    // readable: the node answered this reading. When it did not (down, paused, cut off) the
    // rows are kept as last seen, dimmed and marked unknown: nobody can say whether the key
    // is still there, so it is not counted down either.
    // ttlByClient: each client's configured TTL, the full length of its bar.
    void setKeys(const QList<KeySnapshot>& keys, bool readable, const ClientLegend& legend,
                 const QHash<int, int>& ttlByClient, qint64 nowUs);
    // One display frame; true while anything still moves (and so needs the next frame).
    bool advance(qint64 nowUs);
    // Ends every transition now (a key grown in, a gone key removed): for screenshots.
    void settle();

    // Remaining TTL as drawn in the last frame for the resource's live key; -1: none (or
    // the node cannot be read: see showsUnknown()).
    qint64 displayedTtlMs(const QByteArray& resource) const;
    // The resource's last seen key is drawn as unknown (the node cannot be read now).
    bool showsUnknown(const QByteArray& resource) const;
    std::optional<Phase> phase(const QByteArray& token) const;
    // The owner as drawn on the resource's live key ("C3", "foreign"); empty: none.
    QString ownerName(const QByteArray& resource) const;
    int rowCount() const { return int(m_rows.size()); }
    bool isStale() const { return !m_readable; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Row
    {
        QByteArray resource;
        QByteArray token;
        int owner = -1;
        QString ownerName;
        QColor color;
        qint64 pttlMs = -2;
        qint64 readUs = 0;
        qint64 fenceCounter = -1;
        qint64 fullMs = 1;
        Phase phase = Phase::Appearing;
        qint64 phaseStartUs = 0;
        qint64 frozenRemainingMs = 0; // Deleted / Expired: what was left when it went
    };

    qint64 remainingMs(const Row& row, qint64 nowUs) const;
    void retire(Row& row, qint64 nowUs);
    double heightFactor(const Row& row) const;
    double opacity(const Row& row) const;
    int rowHeight() const;
    int reservedRows() const;
    QList<int> slotIndexes() const; // the slot each row is drawn in
    QString tooltipFor(const Row& row) const;
    void paintRow(QPainter& painter, const Row& row, const QRectF& rect, bool dark) const;

    QList<Row> m_rows;
    qint64 m_nowUs = 0;
    bool m_readable = true;
    int m_reservedRows = 1;
};
