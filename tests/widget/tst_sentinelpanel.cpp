// SPDX-License-Identifier: GPL-3.0-or-later
// The Sentinels' view under the quorum picture: hidden on independent masters, the master
// and the agreement when they agree, and "not reaching quorum" when they do not.
#include "quorum/sentinelpanel.h"

#include <QTest>

namespace {
SentinelView says(int node)
{
    SentinelView v;
    v.up = node >= 0;
    v.masterNode = node;
    v.flags = QStringLiteral("master");
    v.error = node < 0 ? QStringLiteral("connection refused") : QString();
    return v;
}
} // namespace

class TestSentinelPanel : public QObject
{
    Q_OBJECT

private slots:
    void hiddenWithoutSentinels()
    {
        SentinelPanel panel;
        panel.setSentinels({});
        QVERIFY(panel.isHidden());
    }

    void agreement()
    {
        SentinelPanel panel;
        SentinelSnapshot s;
        s.present = true;
        s.views = {says(0), says(0), says(0)};
        s.masterNode = 0;
        s.agreeing = 3;
        s.quorumReached = true;
        panel.setSentinels(s);
        QVERIFY(!panel.isHidden());
        QVERIFY2(panel.headline().contains("node 1 is master"), qPrintable(panel.headline()));
        QVERIFY2(panel.headline().contains("3 of 3 agree"), qPrintable(panel.headline()));
        QVERIFY2(panel.details().contains("S2 says node 1"), qPrintable(panel.details()));
    }

    void noQuorum()
    {
        SentinelPanel panel;
        SentinelSnapshot s;
        s.present = true;
        s.views = {says(0), says(-1), says(1)};
        s.agreeing = 1;
        s.quorumReached = false;
        panel.setSentinels(s);
        QVERIFY2(panel.headline().contains("Sentinel not reaching quorum: 1 of 3 agree, 2 needed"),
                 qPrintable(panel.headline()));
        QVERIFY2(panel.details().contains("S2: no answer (connection refused)"),
                 qPrintable(panel.details()));
    }
};

QTEST_MAIN(TestSentinelPanel)
#include "tst_sentinelpanel.moc"
