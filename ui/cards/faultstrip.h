// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fault.h"

#include <QList>
#include <QStringList>
#include <QTimer>
#include <QWidget>

// The faults in force on one node, a coloured badge per line under the card's title:
// "✂ partitioned from C2 · for 4 s", "◷ latency 40±20 ms", "↻ restarts · in 7.0 s".
// Painted; timings count on their own between snapshots (advance), and the strip is
// repainted only when a drawn timing changes (once a second, or once a tenth while a
// timed fault counts down). One line is always reserved, so the first fault does not make
// the card taller.
class FaultStrip : public QWidget
{
    Q_OBJECT

public:
    explicit FaultStrip(QWidget* parent = nullptr);

    void setFaults(const QList<Fault>& faults, qint64 nowUs);
    // One display frame; true while a timed fault counts down (tenths of a second). The
    // "for 12 s" of an open-ended fault changes once a second: the strip's own slow tick
    // keeps it current, so a lasting partition does not keep the window drawing 60 frames
    // a second.
    bool advance(qint64 nowUs);

    const QList<Fault>& faults() const { return m_faults; }
    // The lines as drawn now (FaultText::line).
    QStringList lines() const;
    // Where each fault's label lines and its timing are drawn, as tight boxes, per fault:
    // the timing's box last (empty when there is no room for it). Two boxes of one fault
    // never overlap.
    QList<QList<QRect>> textBoxes() const;

    // The label broken into lines of these widths (at most that many lines), the last elided
    // when it does not fit. `firstFits`: the first line's words fit in its width (a word
    // longer than the line overflows it).
    static QStringList breakLabel(const QString& label, const QFont& bold, const QList<int>& widths,
                                  bool* firstFits);
    // The lines end in "…": the label did not fit in them.
    static bool isElided(const QStringList& lines);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // A long label ("partitioned from C2, C3, C5") wraps to a second line rather than
    // losing its end: the strip is as tall as its width needs.
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Row
    {
        QStringList labelLines; // the label, broken to fit (at most MaxLines)
        int timingLine = 0;     // the line the timing is drawn on, at its right
        bool showTiming = true; // false: no room for it beside any label (tooltip only)
        int height = 0;
    };

    QList<Row> layoutRows(int width, bool oneLine) const;
    QList<Row> rowsToDraw() const;
    Row layoutRow(const Fault& fault, int width) const; // its lines, not yet its height
    Row oneLineRow(const Fault& fault, int width) const;
    QList<QList<QRect>> boxesOf(const QList<Row>& rows) const;
    QFont boldFont() const;
    int labelLeft(const Fault& fault) const;
    int lineHeight() const;
    int timingWidth(const Fault& fault) const;
    QStringList timings() const;
    void refresh();

    QList<Fault> m_faults;
    QStringList m_drawnTimings;
    qint64 m_nowUs = 0;
    QTimer m_tick;
};
