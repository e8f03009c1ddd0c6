// SPDX-License-Identifier: GPL-3.0-or-later
// SentinelSniffer: what the proxy's replication-link listener decides from a connection's
// first bytes. The Sentinel and replica openings below are what redis-sentinel and
// redis-server 7.0.15 sent, byte for byte, through a logging proxy on this machine.
#include "net/sentinelsniffer.h"
#include "respbytes.h"

#include <QTest>

namespace {

using Verdict = SentinelSniffer::Verdict;

const QByteArray SentinelCmd =
    "*3\r\n$6\r\nCLIENT\r\n$7\r\nSETNAME\r\n$21\r\nsentinel-512cf968-cmd\r\n"
    "*1\r\n$4\r\nPING\r\n*1\r\n$4\r\nINFO\r\n";
const QByteArray SentinelPubsub =
    "*3\r\n$6\r\nCLIENT\r\n$7\r\nSETNAME\r\n$24\r\nsentinel-512cf968-pubsub\r\n"
    "*2\r\n$9\r\nSUBSCRIBE\r\n$18\r\n__sentinel__:hello\r\n";
const QByteArray ReplicaPing = "*1\r\n$4\r\nPING\r\n";

} // namespace

class TestSentinelSniffer : public QObject
{
    Q_OBJECT

private slots:
    void sentinelLinksAreSentinels()
    {
        QCOMPARE(SentinelSniffer::classify(SentinelCmd), Verdict::Sentinel);
        QCOMPARE(SentinelSniffer::classify(SentinelPubsub), Verdict::Sentinel);
    }

    void replicaHandshakeIsTheLink()
    {
        QCOMPARE(SentinelSniffer::classify(ReplicaPing), Verdict::Other);
        // What follows the PING changes nothing: the first command decided.
        QCOMPARE(SentinelSniffer::classify(
                     ReplicaPing + multibulk({"CLIENT", "SETNAME", "sentinel-512cf968-cmd"})),
                 Verdict::Other);
    }

    // Bytes arrive in any cut: no verdict before the first command is whole, then the same
    // verdict as for the whole write.
    void undecidedUntilTheFirstCommandIsWhole()
    {
        const qsizetype firstEnd = SentinelCmd.indexOf("*1\r\n");
        for (qsizetype n = 0; n < firstEnd; ++n)
            QVERIFY2(SentinelSniffer::classify(SentinelCmd.left(n)) == Verdict::Undecided,
                     qPrintable(QString::number(n)));
        for (qsizetype n = firstEnd; n <= SentinelCmd.size(); ++n)
            QCOMPARE(SentinelSniffer::classify(SentinelCmd.left(n)), Verdict::Sentinel);
        for (qsizetype n = 0; n < ReplicaPing.size(); ++n)
            QCOMPARE(SentinelSniffer::classify(ReplicaPing.left(n)), Verdict::Undecided);
    }

    // With a password Sentinel sends AUTH first: the decision waits for the next command.
    void authDefersTheDecision()
    {
        const QByteArray auth = multibulk({"AUTH", "secret"});
        QCOMPARE(SentinelSniffer::classify(auth), Verdict::Undecided);
        QCOMPARE(SentinelSniffer::classify(auth + SentinelCmd), Verdict::Sentinel);
        QCOMPARE(SentinelSniffer::classify(multibulk({"AUTH", "user", "secret"}) + SentinelPubsub),
                 Verdict::Sentinel);
        QCOMPARE(SentinelSniffer::classify(auth + ReplicaPing), Verdict::Other);
    }

    void otherNamesAreNotSentinels()
    {
        const auto named = [](const QByteArray& name) {
            return SentinelSniffer::classify(multibulk({"CLIENT", "SETNAME", name}));
        };
        QCOMPARE(named("C1"), Verdict::Other);
        QCOMPARE(named("sentinel-"), Verdict::Other);
        QCOMPARE(named("sentinel-512cf96x-cmd"), Verdict::Other); // not hex
        QCOMPARE(named("sentinel-512cf968-other"), Verdict::Other);
        QCOMPARE(named("sentinel-512cf968-cmdx"), Verdict::Other);
        QCOMPARE(named("sentinel-512cf9-cmd"), Verdict::Other); // id too short
        QCOMPARE(named("Sentinel-512cf968-cmd"), Verdict::Other);
        QCOMPARE(named("sentinel-512CF968-pubsub"), Verdict::Sentinel);
        QCOMPARE(SentinelSniffer::classify(multibulk({"CLIENT", "GETNAME"})), Verdict::Other);
        QCOMPARE(
            SentinelSniffer::classify(multibulk({"client", "setname", "sentinel-0123abcd-cmd"})),
            Verdict::Sentinel); // command names are case-insensitive, as in Redis
    }

    void inlineCommands()
    {
        QCOMPARE(SentinelSniffer::classify("PING\r\n"), Verdict::Other);
        QCOMPARE(SentinelSniffer::classify("PING"), Verdict::Undecided);
        QCOMPARE(SentinelSniffer::classify("CLIENT SETNAME sentinel-0123abcd-cmd\r\n"),
                 Verdict::Sentinel);
        QCOMPARE(SentinelSniffer::classify("\r\n" + SentinelCmd), Verdict::Sentinel); // empty line
    }

    // Not RESP, or no verdict within kMaxBytes: the link (the listener's faults apply).
    void whenInDoubtItIsTheLink()
    {
        QCOMPARE(SentinelSniffer::classify("*x\r\n"), Verdict::Other);
        QCOMPARE(SentinelSniffer::classify("*1\r\nPING\r\n"), Verdict::Other);
        QCOMPARE(SentinelSniffer::classify("*1\r\n$4\r\nPINGxx"), Verdict::Other);
        QCOMPARE(SentinelSniffer::classify("*100\r\n"), Verdict::Other);
        QCOMPARE(SentinelSniffer::classify("*2\r\n$4\r\nAUTH\r\n$100000\r\n"), Verdict::Other);
        QByteArray longLine(SentinelSniffer::kMaxBytes, 'a');
        QCOMPARE(SentinelSniffer::classify(longLine), Verdict::Other);
        QCOMPARE(SentinelSniffer::classify(longLine.left(100)), Verdict::Undecided);
        QByteArray auths;
        while (auths.size() < SentinelSniffer::kMaxBytes)
            auths += multibulk({"AUTH", "x"});
        QCOMPARE(SentinelSniffer::classify(auths), Verdict::Other);
    }
};

QTEST_GUILESS_MAIN(TestSentinelSniffer)
#include "tst_sentinelsniffer.moc"
