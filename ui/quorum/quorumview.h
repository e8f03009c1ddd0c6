#pragma once

#include "widgets/clientlegend.h"
#include "snapshot/clientsnapshot.h"
#include "snapshot/resourcesnapshot.h"

#include <QList>
#include <QWidget>

// The quorum picture of each resource: for every owner, how many nodes hold its key
// against the majority line, under one big headline a class reads from the back of the
// room: "held by C3, 8.2 s left", "no quorum", "split vote", or the red
// "MUTUAL EXCLUSION BROKEN: C1 and C3 both believe they hold the lock", or, while only
// a paused client believes it (its validity over), "C1 still believes it holds: validity
// expired 3.2 s ago".
class QuorumView : public QWidget
{
    Q_OBJECT

public:
    enum class Verdict
    {
        NoResource,
        NoQuorum,
        MajorityNoHolder,
        Held,
        SplitVote,
        Broken,
        StaleBelief // one client still believes it holds, its validity ran out (a GC pause)
    };

    explicit QuorumView(QWidget* parent = nullptr);

    void setResources(const QList<ResourceSnapshot>& resources,
                      const QList<ClientSnapshot>& clients, const ClientLegend& legend,
                      qint64 nowUs);
    // One display frame: the "s left" of a held lock counts down locally.
    bool advance(qint64 nowUs);

    // The first resource's headline as drawn now.
    QString headline() const;
    QString subline() const; // the first resource's line under it
    Verdict verdict() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Block
    {
        ResourceSnapshot resource;
        Verdict verdict = Verdict::NoQuorum;
        QStringList believers; // names, for the broken headline
        QString staleNote;     // why one of them is wrong: "C1's validity ran out while ..."
        QString holderName;
        QColor holderColor;
        QList<QString> ownerNames; // per holder
        QList<QColor> ownerColors; // per holder
    };

    Block makeBlock(const ResourceSnapshot& r, const QList<ClientSnapshot>& clients,
                    const ClientLegend& legend) const;
    // Held and StaleBelief differ only by the clock: re-decided every frame.
    static Verdict heldOrStale(const ResourceSnapshot& r, qint64 nowUs);
    QString headlineOf(const Block& block) const;
    QString sublineOf(const Block& block) const;
    QFont headlineFont() const;
    int slotSize() const;
    int rowsWidth(int nodeCount) const;
    int blockHeight(const Block& block) const;
    void paintBlock(QPainter& painter, const Block& block, const QRect& rect, bool dark) const;

    QList<Block> m_blocks;
    qint64 m_nowUs = 0;
};
