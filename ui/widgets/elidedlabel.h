// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QWidget>

// One line of text that is cut with "…" when there is not enough room instead of
// widening its row (its owner puts the whole text in the tooltip).
//
// A label may also be given shorter forms of its text (setTexts): it shows the longest one
// that fits, so that a narrow row drops whole details instead of cutting a number in two.
class ElidedLabel : public QWidget
{
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setText(const QString& text);
    // The full text first, then shorter forms of it; only the shortest is ever elided.
    void setTexts(const QStringList& longestFirst);
    QString text() const { return m_text; }
    // What is painted at the current width (a shorter form, or elided with "…").
    QString shownText() const;
    bool isElided() const;
    void setMuted(bool muted);
    void setAlert(bool alert); // drawn in the theme's "bad" colour

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString m_text;
    QStringList m_shorter; // shorter forms of m_text, longest first
    bool m_muted = false;
    bool m_alert = false;
};
