// SPDX-License-Identifier: GPL-3.0-or-later
#include "quorum/sentinelpanel.h"

#include "widgets/uitheme.h"

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
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_headline->setFont(big);
    setToolTip(tr("Redis Sentinel: three watchers that agree (quorum 2) when the master is "
                  "down and promote its replica. Clients of the failover strategy ask them "
                  "where the master is before every try."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 3, 12, 3); // tight: on 720 lines every line counts
    layout->setSpacing(2);
    layout->addWidget(m_headline);
    layout->addWidget(m_details);
    setVisible(false);
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
    const QString details = lines.join(QStringLiteral("   ·   "));
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
