// --exec's command list: what it accepts, and the clear error for what it does not.
// (The queue running against a real engine is in tst_livefaults.)
#include "window/execqueue.h"

#include <QTest>

class TestExecQueue : public QObject
{
    Q_OBJECT

private slots:
    void parsesCommandsSleepsAndWaits()
    {
        QString error;
        const auto steps =
            ExecQueue::parse(QStringLiteral(" node partition 2 ;wait C1 holding; client  pause C1;"
                                            "sleep 3000; wait C2 waiting-retry 5000;;"),
                             &error);
        QVERIFY2(steps, qPrintable(error));
        QCOMPARE(steps->size(), 5);
        using K = ExecQueue::Step::Kind;
        QCOMPARE(steps->at(0).kind, K::Command);
        QCOMPARE(steps->at(0).line, QStringLiteral("node partition 2"));
        QCOMPARE(steps->at(1).kind, K::Wait);
        QCOMPARE(steps->at(1).line, QStringLiteral("C1"));
        QCOMPARE(steps->at(1).state, QStringLiteral("holding"));
        QCOMPARE(steps->at(1).ms, 30000);
        QCOMPARE(steps->at(2).line, QStringLiteral("client pause C1"));
        QCOMPARE(steps->at(3).kind, K::Sleep);
        QCOMPARE(steps->at(3).ms, 3000);
        QCOMPARE(steps->at(4).state, QStringLiteral("waiting-retry"));
        QCOMPARE(steps->at(4).ms, 5000);
    }

    void refusesWhatItCannotRun_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << ""
                               << "no command";
        QTest::newRow("only separators") << " ; ; "
                                         << "no command";
        QTest::newRow("sleep without ms") << "sleep"
                                          << "sleep MS";
        QTest::newRow("sleep words") << "sleep a while"
                                     << "sleep MS";
        QTest::newRow("negative sleep") << "sleep -5"
                                        << "sleep MS";
        QTest::newRow("wait no state") << "wait C1"
                                       << "wait CLIENT STATE";
        QTest::newRow("wait bad state") << "wait C1 sleeping"
                                        << "wait CLIENT STATE";
        QTest::newRow("wait zero ms") << "wait C1 holding 0"
                                      << "wait CLIENT STATE";
    }

    void refusesWhatItCannotRun()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!ExecQueue::parse(text, &error));
        QVERIFY2(error.contains(message) && error.startsWith(QLatin1String("--exec")),
                 qPrintable(error));
    }
};

QTEST_MAIN(TestExecQueue)
#include "tst_execqueue.moc"
