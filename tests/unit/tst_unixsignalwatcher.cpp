// SPDX-License-Identifier: GPL-3.0-or-later
// UnixSignalWatcher: a real signal, raised in-process, arrives as a Qt signal, and the
// previous handlers come back when the watcher goes.

#include "base/unixsignalwatcher.h"

#include <QSignalSpy>
#include <QTest>

#include <csignal>

namespace {

void (*currentHandler(int signal))(int)
{
    struct sigaction action = {};
    ::sigaction(signal, nullptr, &action);
    return action.sa_handler;
}

} // namespace

class TestUnixSignalWatcher : public QObject
{
    Q_OBJECT

private slots:
    void raisedSignalIsReported_data();
    void raisedSignalIsReported();
    void severalSignalsAreAllReported();
    void previousHandlersAreRestored();
    void secondWatcherIsInactive();
};

void TestUnixSignalWatcher::raisedSignalIsReported_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGTERM") << int(SIGTERM);
    QTest::newRow("SIGINT") << int(SIGINT);
    QTest::newRow("SIGHUP") << int(SIGHUP);
}

void TestUnixSignalWatcher::raisedSignalIsReported()
{
    QFETCH(int, signal);
    UnixSignalWatcher watcher;
    QVERIFY(watcher.isActive());
    QSignalSpy spy(&watcher, &UnixSignalWatcher::terminationRequested);
    QVERIFY(spy.isValid());

    QCOMPARE(::raise(signal), 0); // would end the test process without the watcher
    QVERIFY(spy.wait(2000));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.first().first().toInt(), signal);
}

void TestUnixSignalWatcher::severalSignalsAreAllReported()
{
    UnixSignalWatcher watcher;
    QSignalSpy spy(&watcher, &UnixSignalWatcher::terminationRequested);
    ::raise(SIGTERM);
    ::raise(SIGHUP);
    QTRY_COMPARE(spy.count(), 2);
    QCOMPARE(spy.at(0).first().toInt(), int(SIGTERM));
    QCOMPARE(spy.at(1).first().toInt(), int(SIGHUP));
}

void TestUnixSignalWatcher::previousHandlersAreRestored()
{
    void (*const before)(int) = currentHandler(SIGTERM);
    {
        UnixSignalWatcher watcher;
        QVERIFY(currentHandler(SIGTERM) != before);
    }
    QVERIFY(currentHandler(SIGTERM) == before);
}

void TestUnixSignalWatcher::secondWatcherIsInactive()
{
    UnixSignalWatcher first;
    QTest::ignoreMessage(QtWarningMsg,
                         "UnixSignalWatcher: another watcher is active; this one does nothing");
    UnixSignalWatcher second;
    QVERIFY(first.isActive());
    QVERIFY(!second.isActive());
    QSignalSpy spy(&first, &UnixSignalWatcher::terminationRequested);
    ::raise(SIGTERM);
    QVERIFY(spy.wait(2000));
}

QTEST_GUILESS_MAIN(TestUnixSignalWatcher)
#include "tst_unixsignalwatcher.moc"
