// SPDX-License-Identifier: GPL-3.0-or-later
#include "quorum/sentinelpanel.h"

#include "widgets/uitheme.h"

#include <QEvent>
#include <QLabel>
#include <QStringList>
#include <QVBoxLayout>

SentinelPanel::SentinelPanel(QWidget* parent)
    : QFrame(parent), m_headline(new QLabel(this)), m_details(new QLabel(this))
{
    setObjectName(QStringLiteral("sentinelPanel"));
    setFrameShape(QFrame::StyledPanel);
    m_headline->setObjectName(QStringLiteral("sentinelHeadline"));
    m_details->setObjectName(QStringLiteral("sentinelDetails"));
    m_details->setWordWrap(true);
    m_headline->setWordWrap(true);
    m_headline->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setMinimumWidth(190); // as a node card
    applyFonts();
    setToolTip(tr("Redis Sentinel: three watchers that agree (quorum 2) when the master is "
                  "down and promote its replica. Clients of the failover strategy ask them "
                  "where the master is before every try."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 10); // as a node card's
    layout->setSpacing(6);
    layout->addWidget(m_headline);
    layout->addWidget(m_details);
    layout->addStretch(1);
    setVisible(false);
}

// Relative to the card's font, which follows the window's (large type).
void SentinelPanel::applyFonts()
{
    m_applyingFonts = true;
    QFont big = font(); // bold, not larger: the card is narrow, and its row must not grow
    big.setBold(true);
    m_headline->setFont(big);
    QFont small = font(); // each Sentinel's word on one line of the card
    small.setPointSizeF(font().pointSizeF() * 0.9);
    m_details->setFont(small);
    m_applyingFonts = false;
}

void SentinelPanel::changeEvent(QEvent* event)
{
    if (!m_applyingFonts && event->type() == QEvent::FontChange)
        applyFonts();
    QFrame::changeEvent(event);
}

void SentinelPanel::setSentinels(const SentinelSnapshot& s)
{
    setVisible(s.present);
    if (!s.present)
        return;
    const bool dark = UiTheme::isDark(palette());
    const QColor color = !s.quorumReached ? UiTheme::bad(dark)
                         : s.masterDown   ? UiTheme::warn(dark)
                                          : UiTheme::good(dark);
    const QString style = QStringLiteral("color: %1;").arg(color.name());
    const QString headline = headlineOf(s);
    if (m_headline->text() != headline)
        m_headline->setText(headline);
    if (m_headline->styleSheet() != style)
        m_headline->setStyleSheet(style);
    QStringList lines;
    for (int i = 0; i < s.views.size(); ++i)
        lines << viewText(i + 1, s.views[i]);
    const QString details = lines.join(QLatin1Char('\n'));
    if (m_details->text() != details)
        m_details->setText(details);
}

QString SentinelPanel::headlineOf(const SentinelSnapshot& s)
{
    const int total = int(s.views.size());
    if (s.views.isEmpty())
        return tr("Sentinels starting…");
    if (!s.quorumReached)
        return tr("Sentinel not reaching quorum: %1 of %2 agree, %3 needed")
            .arg(s.agreeing)
            .arg(total)
            .arg(s.quorum);
    QString text = tr("Sentinels: node %1 is master  ·  %2 of %3 agree (quorum %4)")
                       .arg(s.masterNode + 1)
                       .arg(s.agreeing)
                       .arg(total)
                       .arg(s.quorum);
    if (s.failoverInProgress)
        text += tr("  ·  FAILOVER IN PROGRESS");
    else if (s.masterDown)
        text += tr("  ·  master seen DOWN");
    return text;
}

QString SentinelPanel::viewText(int number, const SentinelView& v)
{
    if (!v.up)
        return tr("S%1: no answer (%2)").arg(number).arg(v.error);
    const QString master =
        v.masterNode >= 0 ? tr("node %1").arg(v.masterNode + 1) : v.masterAddress;
    const QString flags = v.flags.contains(QLatin1String("o_down"))   ? tr(", objectively down")
                          : v.flags.contains(QLatin1String("s_down")) ? tr(", subjectively down")
                                                                      : QString();
    return tr("S%1 says %2%3").arg(number).arg(master, flags);
}

QString SentinelPanel::headline() const
{
    return m_headline->text();
}

QString SentinelPanel::details() const
{
    return m_details->text();
}
