// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QWidget>

// How long a client believes its lock is still valid: a bar in the client's colour that
// counts down locally from validUntilUs (engine clock) between snapshots.
//
// Two more things it must make plain from the back of a room:
//  - a client that still believes it holds after its validity ran out (paused while
//    holding, a "GC pause"): the bar turns into a red banner, "BELIEVES IT HOLDS —
//    validity expired 3.2 s ago", counting up;
//  - a client that crashed while its keys live on: a hatched bar counting down to when
//    the last of them expires;
//  - a holder whose lock never expires (no lock at all, SETNX without a TTL): a full
//    hatched bar and words ("no TTL"), not a year in seconds.
class ValidityBar : public QWidget
{
    Q_OBJECT

public:
    // A validity is only called expired this long after its end, so a holder whose
    // validity runs out while it works does not flash red before the engine's next
    // snapshot says it stopped believing.
    static constexpr qint64 AlarmGraceUs = 250'000;

    explicit ValidityBar(QWidget* parent = nullptr);

    // active: the client believes it holds the lock; totalMs: the length of a full bar.
    void setValidity(bool active, qint64 validUntilUs, qint64 totalMs, const QColor& color,
                     qint64 nowUs);
    // Keys the client left behind (it crashed): they live until untilUs; 0: none.
    void setLeftover(qint64 untilUs);
    bool advance(qint64 nowUs);
    // As drawn in the last frame; -1 when the client believes nothing.
    qint64 displayedMs() const;
    // Believes it holds, though its validity ended more than AlarmGraceUs ago.
    bool isAlarm() const;
    QString alarmText() const; // empty unless isAlarm()
    // The alarm's words, with %1 for how long ago the validity ended: "WORKING WITHOUT THE
    // LOCK, validity ended %1 ago" (careless) or "BELIEVES IT HOLDS ..." (paused).
    void setAlarmWording(const QString& wording);
    // What the bar says for a lock that never expires (Lock::NoExpiryUs): "no TTL", ...
    void setUnboundedText(const QString& text);
    bool isUnbounded() const;
    // The words or figure it shows now (a repaint happens only when they change).
    QString shownText() const;
    // The leftover keys' time still to run, as drawn; -1: none.
    qint64 leftoverMs() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    bool m_active = false;
    qint64 m_validUntilUs = 0;
    QString m_alarmWording;
    QString m_unboundedText;
    qint64 m_totalMs = 1;
    qint64 m_leftoverUntilUs = 0;
    QColor m_color;
    qint64 m_nowUs = 0;
    QString m_drawnText;
};
