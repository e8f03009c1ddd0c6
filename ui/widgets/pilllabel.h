// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QWidget>

// A coloured chip with a word in it: a client's name, a node's or a client's state.
// Painted (no style sheet) so changing it per snapshot costs one repaint and no relayout
// unless the text gets wider.
class PillLabel : public QWidget
{
    Q_OBJECT

public:
    explicit PillLabel(QWidget* parent = nullptr);

    void set(const QString& text, const QColor& color, bool hatched = false);
    QString text() const { return m_text; }
    QColor color() const { return m_color; }
    // The chip never gets narrower than this text needs, so a state that changes between
    // "up" and "paused" does not make the row around it jump.
    void setMinimumText(const QString& text);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QString m_text;
    QString m_minimumText;
    QColor m_color = Qt::gray;
    bool m_hatched = false;
};
