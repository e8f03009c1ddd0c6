// The redlockscope binary as a user runs it: bad input gives a clear error and exit code 2;
// SIGTERM and Ctrl-C stop the local nodes by pid and remove their files.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

namespace {

// The redis-server processes whose parent is `pid`, read from /proc.
QList<qint64> childRedisServers(qint64 pid)
{
    QList<qint64> children;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString& entry : entries) {
        bool numeric = false;
        const qint64 child = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(entry));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const qsizetype close = line.lastIndexOf(')');
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (line.contains("(redis-server)") && fields.value(1).toLongLong() == pid &&
            fields.value(0) != "Z")
            children << child;
    }
    return children;
}

bool alive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    return line.mid(line.lastIndexOf(')') + 2, 1) != "Z";
}

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QStringList& args, int timeoutMs = 20000)
{
    QProcess p;
    p.start(QStringLiteral(REDLOCKSCOPE_BINARY), args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace

class TestApp : public QObject
{
    Q_OBJECT

private slots:
    void badInputIsAClearError_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no port") << QStringList{"--headless", "--nodes", "localhost"} << "port";
        QTest::newRow("even count")
            << QStringList{"--headless", "--nodes", "127.0.0.1:7001,127.0.0.1:7002"} << "odd";
        QTest::newRow("bad number")
            << QStringList{"--headless", "--clients", "many"} << "--clients";
        QTest::newRow("missing config")
            << QStringList{"--headless", "--config", "/nonexistent.json"} << "cannot read";
        QTest::newRow("even local nodes")
            << QStringList{"--headless", "--local-nodes", "4"} << "odd";
        QTest::newRow("missing redis-server")
            << QStringList{"--headless", "--duration", "5", "--redis-server",
                           "/nonexistent/redis-server"}
            << "redis-server";
    }

    void badInputIsAClearError()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }

    void malformedConfigIsAClearError()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"nodes\": [\"127.0.0.1:notaport\"]}");
        file.close();
        const Run r = run({QStringLiteral("--headless"), QStringLiteral("--config"), path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("bad.json") && r.err.contains("node 1"), r.err.constData());
    }

    void signalsStopTheNodes_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addColumn<bool>("window");
        QTest::newRow("SIGTERM headless") << int(SIGTERM) << false;
        QTest::newRow("SIGINT headless") << int(SIGINT) << false;
        QTest::newRow("SIGTERM window") << int(SIGTERM) << true;
    }

    void signalsStopTheNodes()
    {
        QFETCH(int, signal);
        QFETCH(bool, window);
        QProcess app;
        QStringList args{QStringLiteral("--clients"), QStringLiteral("2")};
        if (!window)
            args.prepend(QStringLiteral("--headless"));
        app.start(QStringLiteral(REDLOCKSCOPE_BINARY), args);
        QVERIFY(app.waitForStarted());
        const qint64 pid = app.processId();
        QTRY_COMPARE_WITH_TIMEOUT(childRedisServers(pid).size(), 6,
                                  15000); // 5 lock nodes, the storage
        const QList<qint64> nodes = childRedisServers(pid);
        QStringList directories; // redis-server runs in its --dir
        for (qint64 node : nodes)
            directories << QFile::symLinkTarget(QStringLiteral("/proc/%1/cwd").arg(node));
        // Let the clients run a little, then ask the app to stop.
        QTest::qWait(1500);
        ::kill(pid_t(pid), signal);
        QVERIFY(app.waitForFinished(15000));
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.exitCode(), 0);
        for (qint64 node : nodes)
            QVERIFY2(!alive(node), qPrintable(QStringLiteral("node %1 still runs").arg(node)));
        for (const QString& directory : directories) {
            QVERIFY(directory.startsWith(QDir::tempPath()));
            QVERIFY2(!QDir(directory).exists(), qPrintable(directory + QStringLiteral(" is left")));
        }
        if (!window)
            QVERIFY(app.readAllStandardOutput().contains("acquire ok"));
    }

    // A frozen node never outlives the app: resumed and stopped on SIGTERM, killed by the
    // kernel with the app on SIGKILL (PR_SET_PDEATHSIG).
    void frozenNodeNeverOutlivesTheApp_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGKILL") << int(SIGKILL);
    }

    void frozenNodeNeverOutlivesTheApp()
    {
        QFETCH(int, signal);
        QProcess app;
        app.start(QStringLiteral(REDLOCKSCOPE_BINARY),
                  {QStringLiteral("--exec"), QStringLiteral("node pause 2")});
        QVERIFY(app.waitForStarted());
        const qint64 pid = app.processId();
        QTRY_COMPARE_WITH_TIMEOUT(childRedisServers(pid).size(), 6,
                                  15000); // 5 lock nodes, the storage
        const QList<qint64> nodes = childRedisServers(pid);
        const auto frozen = [&nodes] {
            for (qint64 node : nodes) {
                QFile stat(QStringLiteral("/proc/%1/stat").arg(node));
                if (stat.open(QIODevice::ReadOnly)) {
                    const QByteArray line = stat.readAll();
                    if (line.mid(line.lastIndexOf(')') + 2, 1) == "T")
                        return true;
                }
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(frozen(), 10000);
        ::kill(pid_t(pid), signal);
        QVERIFY(app.waitForFinished(15000));
        for (qint64 node : nodes)
            QTRY_VERIFY2_WITH_TIMEOUT(
                !alive(node), qPrintable(QStringLiteral("node %1 still runs").arg(node)), 5000);
    }

    void screenshotRendersTheWindow()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("shot.png"));
        const Run r =
            run({QStringLiteral("--clients"), QStringLiteral("3"), QStringLiteral("--screenshot"),
                 png, QStringLiteral("--after"), QStringLiteral("2")},
                30000);
        QCOMPARE(r.exitCode, 0);
        const QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 1000 && image.height() >= 600);
    }
};

QTEST_GUILESS_MAIN(TestApp)
#include "tst_app.moc"
