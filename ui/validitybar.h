#pragma once

#include <QColor>
#include <QWidget>

// How long a client believes its lock is still valid: a bar in the client's colour that
// counts down locally from validUntilUs (engine clock) between snapshots.
class ValidityBar : public QWidget
{
    Q_OBJECT

public:
    explicit ValidityBar(QWidget* parent = nullptr);

    // active: the client believes it holds the lock; totalMs: the length of a full bar.
    void setValidity(bool active, qint64 validUntilUs, qint64 totalMs, const QColor& color,
                     qint64 nowUs);
    bool advance(qint64 nowUs);
    // As drawn in the last frame; -1 when the client believes nothing.
    qint64 displayedMs() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    bool m_active = false;
    qint64 m_validUntilUs = 0;
    qint64 m_totalMs = 1;
    QColor m_color;
    qint64 m_nowUs = 0;
};
