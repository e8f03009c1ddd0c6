// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;

// A scenario's narration, large enough for the back of a room: the latest `say`, with the
// scenario's line number small beside it. Hidden until a scenario says something.
class CaptionBar : public QWidget
{
    Q_OBJECT

public:
    explicit CaptionBar(QWidget* parent = nullptr);

    void showCaption(int line, const QString& text);
    void clear();
    // The stage for a class (View → Present, slides): the words without the line number.
    void setStage(bool stage);
    QString text() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void applyFonts();

    QLabel* m_text;
    QLabel* m_line;
    bool m_applyingFonts = false;
};
