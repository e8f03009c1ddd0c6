// SPDX-License-Identifier: GPL-3.0-or-later
#include "console/captionbar.h"

#include "widgets/uitheme.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>

CaptionBar::CaptionBar(QWidget* parent)
    : QWidget(parent), m_text(new QLabel(this)), m_line(new QLabel(this))
{
    setObjectName(QStringLiteral("caption"));
    m_text->setObjectName(QStringLiteral("captionText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_line->setToolTip(tr("The scenario line this narration comes from."));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(16, 4, 12, 4); // tight: on 720 lines every line counts
    layout->addWidget(m_text, 1);
    layout->addWidget(m_line, 0, Qt::AlignBottom);
    applyFonts();
    hide();
}

void CaptionBar::applyFonts()
{
    m_applyingFonts = true;
    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 1.45);
    m_text->setFont(big);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    m_line->setFont(small);
    m_applyingFonts = false;
}

void CaptionBar::showCaption(int line, const QString& text)
{
    m_text->setText(text);
    m_line->setText(line > 0 ? tr("line %1").arg(line) : QString());
    show();
}

// The scenario's line number is the presenter's: the class reads the words.
void CaptionBar::setStage(bool stage)
{
    m_line->setVisible(!stage);
}

void CaptionBar::clear()
{
    m_text->clear();
    hide();
}

QString CaptionBar::text() const
{
    return m_text->text();
}

void CaptionBar::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const bool dark = UiTheme::isDark(palette());
    QPainterPath path;
    path.addRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8);
    QColor fill = UiTheme::info(dark);
    fill.setAlpha(dark ? 55 : 30);
    painter.fillPath(path, fill);
    // A speech mark on the left: this is the presenter talking, not the engine.
    painter.fillRect(QRectF(0, 0, 6, height()), UiTheme::info(dark));
}

void CaptionBar::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange && !m_applyingFonts)
        applyFonts();
    if (event->type() == QEvent::LanguageChange)
        m_line->setToolTip(tr("The scenario line this narration comes from."));
    QWidget::changeEvent(event);
}
