#pragma once

#include <QWidget>

// One line of text that is cut with "…" when there is not enough room instead of
// widening its row (its owner puts the whole text in the tooltip).
class ElidedLabel : public QWidget
{
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setText(const QString& text);
    QString text() const { return m_text; }
    void setMuted(bool muted);
    void setAlert(bool alert); // drawn in the theme's "bad" colour

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString m_text;
    bool m_muted = false;
    bool m_alert = false;
};
