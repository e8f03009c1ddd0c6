// SPDX-License-Identifier: GPL-3.0-or-later
// Which connect failures stop a run's start as a TLS set-up the node refused: only what the
// handshake proved. A hint ("is it a TLS port?") is a guess a plain node that resets during
// its handshake, or a TLS node slow to answer, also earns: that node is down, not the run.
#include "net/connecterror.h"

#include <QTest>

class TestConnectError : public QObject
{
    Q_OBJECT

private slots:
    void tlsSetupIsWhatTheHandshakeProved_data()
    {
        QTest::addColumn<QString>("error");
        QTest::addColumn<bool>("setup");
        QTest::newRow("expired") << QStringLiteral(
                                        "the node's certificate expired on 2020-01-02T00:00:00Z")
                                 << true;
        QTest::newRow("client certificate wanted")
            << QStringLiteral("the node requires a client certificate (mutual TLS: give "
                              "--tls-cert and --tls-key)")
            << true;
        QTest::newRow("client certificate refused")
            << QStringLiteral("the node refused the client certificate (tlsv13 alert)") << true;
        QTest::newRow("answer not TLS")
            << QStringLiteral("the node does not speak TLS on this port") +
                   ConnectError::plainPortHint()
            << true;
        QTest::newRow("reset during a plain handshake")
            << QStringLiteral("connection lost during the handshake: connection reset by peer") +
                   ConnectError::tlsPortHint()
            << false;
        QTest::newRow("closed during a plain handshake")
            << QStringLiteral("the node closed the connection during the handshake") +
                   ConnectError::tlsPortHint()
            << false;
        QTest::newRow("no TLS answer in time")
            << QStringLiteral("timed out after 1000 ms: the TCP connection is up but no TLS "
                              "handshake came back") +
                   ConnectError::plainPortHint()
            << false;
        QTest::newRow("closed during the TLS handshake")
            << QStringLiteral("the node closed the connection during the TLS handshake") +
                   ConnectError::plainPortHint()
            << false;
        QTest::newRow("refused") << ConnectError::refused() << false;
    }

    void tlsSetupIsWhatTheHandshakeProved()
    {
        QFETCH(QString, error);
        QFETCH(bool, setup);
        QCOMPARE(ConnectError::isTlsSetup(error), setup);
    }
};

QTEST_GUILESS_MAIN(TestConnectError)
#include "tst_connecterror.moc"
