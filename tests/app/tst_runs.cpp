// SPDX-License-Identifier: GPL-3.0-or-later
// Runs kept by the redlockscope binary, as a user would: recorded while it runs, exported
// to every format (each read back and checked), opened in the window, and bad input refused
// in words with exit code 2.
#include "ednreader.h"
#include "record/pairedoperations.h"
#include "record/runreader.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QProcess>
#include <QSet>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// Runs the binary to its end, with the user's data folder in `dataHome` (and the variables in
// `unset` taken out of its environment).
Run run(const QStringList& args, const QString& dataHome, int timeoutMs = 60000,
        const QStringList& unset = {})
{
    QProcess p;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
    for (const QString& variable : unset)
        environment.remove(variable);
    p.setProcessEnvironment(environment);
    p.start(QStringLiteral(REDLOCKSCOPE_BINARY), args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

int colours(const QImage& image)
{
    QSet<QRgb> seen;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            seen.insert(image.pixel(x, y));
    return int(seen.size());
}

} // namespace

class TestRuns : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_run; // one real run, recorded once for every test

    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString dataHome() const { return m_dir.filePath(QStringLiteral("data")); }

    Run exportTo(const QString& to, const QStringList& more = {}) const
    {
        return run(QStringList{QStringLiteral("--export"), m_run, QStringLiteral("--to"), to} +
                       more,
                   dataHome());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_run = path(QStringLiteral("run.jsonl"));
        const Run r = run({QStringLiteral("--headless"), QStringLiteral("--clients"),
                           QStringLiteral("3"), QStringLiteral("--duration"), QStringLiteral("4"),
                           QStringLiteral("--record"), m_run},
                          dataHome());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("recording the run to"));
    }

    void theRunFileHoldsEveryEvent()
    {
        QString error;
        const auto recorded = RunReader::read(m_run, &error);
        QVERIFY2(recorded, qPrintable(error));
        QCOMPARE(recorded->skippedLines, quint64(0));
        QCOMPARE(recorded->header.nodeCount(), 5);
        QVERIFY(recorded->events.size() > 50);
        bool acquired = false;
        for (const HistoryEvent& e : recorded->events)
            acquired = acquired || e.is(HistoryEvent::Kind::Ok, HistoryEvent::Operation::Acquire);
        QVERIFY(acquired);
        // And nothing went to the data folder: --record named the file.
        QVERIFY(!QDir(dataHome() + QStringLiteral("/redlockscope/runs")).exists() ||
                QDir(dataHome() + QStringLiteral("/redlockscope/runs")).isEmpty());
    }

    void csvHasARowPerOperation()
    {
        const QString csv = path(QStringLiteral("out.csv"));
        const Run r = exportTo(csv);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QString error;
        const auto recorded = RunReader::read(m_run, &error);
        const PairedOperations operations(recorded->events);
        const QList<QByteArray> lines = readAll(csv).trimmed().split('\n');
        QCOMPARE(lines.size(), operations.size() + 1);
        const int columns = int(lines.first().split(',').size());
        QCOMPARE(columns, 14);
        for (const QByteArray& line : lines)
            QCOMPARE(int(line.trimmed().split(',').size()), columns); // no field needs quotes here
        QVERIFY(lines.first().startsWith("index,client,name,operation,invoke_us"));
    }

    void ednIsAHistoryJepsenReads()
    {
        const QString edn = path(QStringLiteral("out.edn"));
        const Run r = exportTo(edn);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QStringList lines = QString::fromUtf8(readAll(edn)).trimmed().split('\n');
        QVERIFY(lines.size() > 10);
        QHash<qlonglong, QString> open;
        for (const QString& line : lines) {
            EdnReader reader(line);
            const QVariantMap op = reader.read().toMap();
            QVERIFY2(reader.ok() && reader.atEnd(), qPrintable(reader.error() + ": " + line));
            for (const char* key : {":index", ":type", ":process", ":time"})
                QVERIFY2(op.contains(QLatin1String(key)), qPrintable(line));
            if (op.value(":process").toString() == QLatin1String(":nemesis"))
                continue;
            const qlonglong process = op.value(":process").toLongLong();
            if (op.value(":type") == QVariant(QStringLiteral(":invoke")))
                QVERIFY2(!open.contains(process), qPrintable(line));
            if (op.value(":type") == QVariant(QStringLiteral(":invoke")))
                open.insert(process, op.value(":f").toString());
            else
                QCOMPARE(open.take(process), op.value(":f").toString());
        }
    }

    void jsonlIsTheRunAgain()
    {
        const QString jsonl = path(QStringLiteral("out.jsonl"));
        const Run r = exportTo(jsonl);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QString error;
        const auto original = RunReader::read(m_run, &error);
        const auto copy = RunReader::read(jsonl, &error);
        QVERIFY2(copy, qPrintable(error));
        QCOMPARE(copy->events.size(), original->events.size());
        QCOMPARE(copy->counters, original->counters);
        const QJsonObject header =
            QJsonDocument::fromJson(readAll(jsonl).split('\n').first()).object();
        QCOMPARE(header.value("format").toString(), QStringLiteral("redlockscope-run"));
        for (const char* key : {"version", "app", "started", "nodes", "settings", "resource"})
            QVERIFY2(header.contains(QLatin1String(key)), key);
    }

    void chartsAreNotBlank_data()
    {
        QTest::addColumn<QString>("chart");
        for (const char* chart :
             {"timeline", "latency", "histogram", "quorum", "throughput", "stock"})
            QTest::newRow(chart) << QString::fromLatin1(chart);
    }

    void chartsAreNotBlank()
    {
        QFETCH(QString, chart);
        const QString png = path(chart + QStringLiteral(".png"));
        Run r = exportTo(png, {QStringLiteral("--chart"), chart});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QImage image(png);
        QVERIFY(!image.isNull());
        // Crisp on a slide: twice the chart's own size, the timeline 16:9 (its captions
        // listed under it), the others 1400 wide.
        QCOMPARE(image.width(), chart == QLatin1String("timeline") ? 3200 : 2800);
        QVERIFY2(colours(image) > 20, qPrintable(QString::number(colours(image))));
        const QString svg = path(chart + QStringLiteral(".svg"));
        r = exportTo(svg, {QStringLiteral("--chart"), chart});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QImage rendered(renderer.defaultSize(), QImage::Format_ARGB32);
        rendered.fill(Qt::transparent);
        QPainter painter(&rendered);
        renderer.render(&painter);
        painter.end();
        QVERIFY2(colours(rendered) > 20, qPrintable(QString::number(colours(rendered))));
        const QString pdf = path(chart + QStringLiteral(".pdf"));
        r = exportTo(pdf, {QStringLiteral("--chart"), chart});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(readAll(pdf).startsWith("%PDF"));
    }

    void theHtmlReportHasEverythingAndNeedsNoNetwork()
    {
        const QString html = path(QStringLiteral("report.html"));
        const Run r = exportTo(html);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString page = QString::fromUtf8(readAll(html));
        for (const char* chart :
             {"timeline", "latency", "histogram", "quorum", "throughput", "stock"}) {
            const qsizetype at =
                page.indexOf(QStringLiteral("<figure id=\"chart-%1\">").arg(chart));
            QVERIFY2(at >= 0, chart);
            QVERIFY2(page.indexOf(QLatin1String("<svg"), at) ==
                         page.indexOf(QLatin1Char('<'), at + 10),
                     chart); // the figure holds the chart itself, inline
        }
        QVERIFY(page.contains(QLatin1String("Checker counters")));
        QVERIFY(page.contains(QLatin1String("class=\"verdict")));
        QVERIFY(page.contains(QLatin1String("ttl=10000")));
        // Nothing is fetched: no script, no stylesheet link, no image or font by URL.
        for (const char* fetch : {"<script", "<link", "src=\"http", "url(http", "@import"})
            QVERIFY2(!page.contains(QLatin1String(fetch)), fetch);
    }

    // Charts are drawn without a window: --export needs no display and no platform named (it
    // picks the offscreen one itself), as on a build server.
    void anExportNeedsNoDisplay()
    {
        const QString png = path(QStringLiteral("no-display.png"));
        const Run r = run({QStringLiteral("--export"), m_run, QStringLiteral("--to"), png,
                           QStringLiteral("--chart"), QStringLiteral("quorum")},
                          dataHome(), 60000,
                          {QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("DISPLAY"),
                           QStringLiteral("WAYLAND_DISPLAY")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(!QImage(png).isNull());
    }

    // Exports speak the app's language: --language, as the window does.
    void exportsSpeakTheAppsLanguage()
    {
        const QString svg = path(QStringLiteral("ja.svg"));
        Run r = exportTo(svg, {QStringLiteral("--chart"), QStringLiteral("latency"),
                               QStringLiteral("--language"), QStringLiteral("ja")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString picture = QString::fromUtf8(readAll(svg));
        QVERIFY2(picture.contains(QStringLiteral("取得レイテンシの推移")), "the title in Japanese");
        QVERIFY2(picture.contains(QStringLiteral("経過時間")), "the time axis in Japanese");
        const QString html = path(QStringLiteral("zh.html"));
        r = exportTo(html, {QStringLiteral("--language"), QStringLiteral("zh_CN")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString page = QString::fromUtf8(readAll(html));
        QVERIFY(page.contains(QLatin1String("<html lang=\"zh-CN\">")));
        QVERIFY2(page.contains(QStringLiteral("运行时间")), "the charts in Chinese");
        // The report's own words too, its tables' among them (they had been left English).
        for (const QString& word :
             {QStringLiteral("设置"), QStringLiteral("启动时的客户端数"),
              QStringLiteral("启动时的客户端默认值"), QStringLiteral("应用版本"),
              QStringLiteral("实际使用的设置"), QStringLiteral("检查器计数")})
            QVERIFY2(page.contains(word), qPrintable(word));
        for (const char* english : {"clients at start", "client defaults at start", "app version",
                                    "settings as used", "No client ran", "Checker counters"})
            QVERIFY2(!page.contains(QLatin1String(english)), english);
    }

    void aCutOffRunExportsWhatIsWhole()
    {
        QByteArray bytes = readAll(m_run);
        bytes.chop(30);
        const QString cut = path(QStringLiteral("cut.jsonl"));
        QFile file(cut);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        file.close();
        const Run r = run({QStringLiteral("--export"), cut, QStringLiteral("--to"),
                           path(QStringLiteral("cut.csv"))},
                          dataHome());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("cut off"), r.err.constData());
    }

    void badExportsAreClearErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString missing = QStringLiteral("/nonexistent/run.jsonl");
        QTest::newRow("missing run")
            << QStringList{"--export", missing, "--to", "/tmp/x.csv"} << "cannot open";
        QTest::newRow("no --to") << QStringList{"--export", missing} << "--export needs --to";
        QTest::newRow("unknown format")
            << QStringList{"--export", missing, "--to", "/tmp/x.docx"} << "must end in";
        QTest::newRow("folder missing")
            << QStringList{"--export", missing, "--to", "/nonexistent/x.csv"} << "does not exist";
        QTest::newRow("unknown chart")
            << QStringList{"--export", missing, "--to", "/tmp/x.png", "--chart", "pie"}
            << "--chart must be one of timeline";
        QTest::newRow("chart of a csv")
            << QStringList{"--export", missing, "--to", "/tmp/x.csv", "--chart", "latency"}
            << "--chart picks the chart";
        QTest::newRow("export with engine flags")
            << QStringList{"--export", missing, "--to", "/tmp/x.csv", "--clients", "3"}
            << "does not go with it";
        QTest::newRow("open headless")
            << QStringList{"--open", missing, "--headless"} << "not --headless";
        QTest::newRow("record and no-record")
            << QStringList{"--headless", "--record", "/tmp/x.jsonl", "--no-record"} << "contradict";
        QTest::newRow("record into a missing folder")
            << QStringList{"--headless", "--record", "/nonexistent/x.jsonl"} << "does not exist";
        QTest::newRow("bench-timeline without a run")
            << QStringList{"--bench-timeline"} << "goes with --open";
        QTest::newRow("bench-charts without a run")
            << QStringList{"--bench-charts"} << "goes with --open";
        QTest::newRow("chart without an export or a window")
            << QStringList{"--headless", "--chart", "stock"} << "--chart goes with";
    }

    void badExportsAreClearErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = run(args, dataHome());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    }

    void notARunIsRefused()
    {
        const QString bogus = path(QStringLiteral("bogus.jsonl"));
        QFile file(bogus);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"a\": 1}\n");
        file.close();
        Run r = run({QStringLiteral("--export"), bogus, QStringLiteral("--to"),
                     path(QStringLiteral("b.csv"))},
                    dataHome());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not a Redlock Scope run"), r.err.constData());
        r = run({QStringLiteral("--open"), bogus}, dataHome());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not a Redlock Scope run"), r.err.constData());
        QVERIFY(!QFile::exists(path(QStringLiteral("b.csv"))));
    }

    void theWindowOpensARunWithoutNodes()
    {
        const QString shot = path(QStringLiteral("open.png"));
        const Run r = run({QStringLiteral("--open"), m_run, QStringLiteral("--screenshot"), shot,
                           QStringLiteral("--after"), QStringLiteral("1")},
                          dataHome());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("opened"));
        QVERIFY(!r.out.contains("starting"));
        const QImage image(shot);
        QVERIFY(!image.isNull());
        QVERIFY(colours(image) > 20);
    }

    void runsGoToTheDataFolderByDefault()
    {
        const QString home = path(QStringLiteral("home"));
        Run r = run({QStringLiteral("--headless"), QStringLiteral("--clients"), QStringLiteral("0"),
                     QStringLiteral("--duration"), QStringLiteral("1")},
                    home);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QDir runs(home + QStringLiteral("/redlockscope/runs"));
        const QStringList files = runs.entryList({QStringLiteral("run-*.jsonl")}, QDir::Files);
        QCOMPARE(files.size(), 1);
        QString error;
        QVERIFY2(RunReader::read(runs.filePath(files.first()), &error), qPrintable(error));
        r = run({QStringLiteral("--headless"), QStringLiteral("--clients"), QStringLiteral("0"),
                 QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("--no-record")},
                home);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(runs.entryList({QStringLiteral("run-*.jsonl")}, QDir::Files).size(), 1);
    }
};

QTEST_MAIN(TestRuns) // a QGuiApplication: the SVG charts are rendered to be looked at
#include "tst_runs.moc"
