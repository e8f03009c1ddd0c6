// SPDX-License-Identifier: GPL-3.0-or-later
// The XY charts (Qt Charts) offscreen: for runs the app records on real nodes (an oversell, a
// GC pause, split votes), each chart's series add up to the checker's counters; no label is
// cut, elided or written over another, in an export and in the window at 1280 x 720, in every
// language; hover, legend toggles, the rubber band and the live view; a refusal by a holder
// is not "no quorum"; a million points reach a series as a few per pixel column.
#include "base/enumnames.h"
#include "charts/chartrenderer.h"
#include "charts/chartspanel.h"
#include "charts/downsampler.h"
#include "charts/histogramchart.h"
#include "charts/htmlreport.h"
#include "charts/latencychart.h"
#include "charts/quorumchart.h"
#include "charts/runchartview.h"
#include "charts/rundata.h"
#include "charts/runexporter.h"
#include "charts/stockchart.h"
#include "charts/throughputchart.h"
#include "charts/timeaxis.h"
#include "record/runreader.h"
#include "scriptedhistory.h"
#include "settings/languages.h"
#include "window/mainwindow.h"

#include <QAreaSeries>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPointer>
#include <QProcess>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

using Outcome = AttemptOutcome::Kind;

const QStringList Scenarios{QStringLiteral("oversell-careless"), QStringLiteral("gc-pause"),
                            QStringLiteral("split-votes")};

QList<Chart::Kind> xyCharts()
{
    QList<Chart::Kind> out = Chart::all();
    out.removeAll(Chart::Kind::Timeline);
    return out;
}

// Every word the chart shows: Qt Charts' own (title, axes, legend) and ours (labels).
struct Word
{
    QString text;
    QRectF rect; // in scene coordinates
    const QGraphicsItem* item;
};

QList<Word> words(const QGraphicsScene& scene)
{
    QList<Word> out;
    for (const QGraphicsItem* item : scene.items()) {
        if (!item->isVisible() || item->opacity() == 0)
            continue;
        QString text;
        if (const auto* rich = dynamic_cast<const QGraphicsTextItem*>(item))
            text = rich->toPlainText();
        else if (const auto* simple = dynamic_cast<const QGraphicsSimpleTextItem*>(item))
            text = simple->text();
        if (!text.trimmed().isEmpty())
            out.append({text, item->sceneBoundingRect(), item});
    }
    return out;
}

// What a reader would see cut or crowded: a word outside the chart or outside an item that
// clips it (the legend), a word Qt shortened with "...", two words on top of each other.
QStringList problems(const QGraphicsScene& scene, const QRectF& chart)
{
    QStringList out;
    const QList<Word> all = words(scene);
    const auto inside = [](const QRectF& outer, const QRectF& r) {
        return outer.adjusted(-0.5, -0.5, 0.5, 0.5).contains(r);
    };
    for (const Word& w : all) {
        if (!inside(chart, w.rect))
            out << QStringLiteral("cut by the chart's edge: '%1'").arg(w.text);
        if (w.text.contains(QLatin1String("...")) || w.text.contains(QChar(0x2026)))
            out << QStringLiteral("shortened: '%1'").arg(w.text);
        for (const QGraphicsItem* p = w.item->parentItem(); p; p = p->parentItem())
            if (p->flags() & QGraphicsItem::ItemClipsChildrenToShape &&
                !inside(p->sceneBoundingRect(), w.rect))
                out << QStringLiteral("cut by its container: '%1'").arg(w.text);
    }
    for (qsizetype i = 0; i < all.size(); ++i)
        for (qsizetype j = i + 1; j < all.size(); ++j)
            if (all[i].rect.adjusted(1, 1, -1, -1).intersects(all[j].rect.adjusted(1, 1, -1, -1)))
                out << QStringLiteral("'%1' overlaps '%2'").arg(all[i].text, all[j].text);
    return out;
}

// Each axis names its values: at least two labels left of the plot and two under it (a label
// format Qt cannot read draws none, and nothing else would say so).
QStringList unlabelled(const QGraphicsScene& scene, const RunChart* chart)
{
    const auto isNumber = [](QString text) {
        text.remove(QLocale().groupSeparator());
        bool ok = false;
        QLocale().toDouble(text, &ok);
        return ok;
    };
    const auto hasDigit = [](const QString& text) {
        return std::any_of(text.begin(), text.end(), [](QChar c) { return c.isDigit(); });
    };
    const QRectF plot = chart->mapRectToScene(chart->plotArea());
    int left = 0;
    int under = 0;
    for (const Word& w : words(scene)) {
        const QPointF c = w.rect.center();
        if (w.rect.right() <= plot.left() && c.y() >= plot.top() - 2 && c.y() <= plot.bottom() + 2)
            left += isNumber(w.text) ? 1 : 0;
        if (w.rect.top() >= plot.bottom() && c.x() >= plot.left() - 2 && c.x() <= plot.right() + 2)
            under += hasDigit(w.text) ? 1 : 0;
    }
    QStringList out;
    if (left < 2)
        out << QStringLiteral("the y axis shows %1 numbers").arg(left);
    if (under < 2)
        out << QStringLiteral("the x axis shows %1 labels").arg(under);
    return out;
}

// The legend names what the chart draws: at least two entries in it (a chart with nothing to
// show says so instead).
QStringList unnamed(const QGraphicsScene& scene, const RunChart* chart)
{
    bool drawsSomething = false;
    for (QAbstractSeries* series : chart->series()) {
        const auto* xy = qobject_cast<const QXYSeries*>(series);
        const auto* area = qobject_cast<const QAreaSeries*>(series);
        drawsSomething =
            drawsSomething || (xy && xy->count() > 0) || (area && area->upperSeries()->count() > 0);
    }
    if (!drawsSomething)
        return {}; // an empty chart says so in a sentence instead
    const QRectF legend = chart->legend()->sceneBoundingRect();
    int entries = 0;
    for (const Word& w : words(scene))
        entries += legend.contains(w.rect.center()) ? 1 : 0;
    return entries >= 2 ? QStringList{}
                        : QStringList{QStringLiteral("the legend names %1 series").arg(entries)};
}

qint64 sum(const std::array<qint64, AttemptOutcome::Count>& counts)
{
    qint64 total = 0;
    for (qint64 n : counts)
        total += n;
    return total;
}

qint64 attemptEvents(const RecordedRun& run)
{
    qint64 n = 0;
    for (const HistoryEvent& e : run.events)
        n += e.is(HistoryEvent::Kind::Attempt, HistoryEvent::Operation::Acquire) ? 1 : 0;
    return n;
}

// The rounds the latency, histogram and quorum charts show: every failed round, and every
// acquisition (a grant a client never took, at the very end of a run, is not one).
qint64 roundsShown(const RecordedRun& run)
{
    qint64 n = run.counters.acquisitions;
    for (const HistoryEvent& e : run.events)
        n += e.is(HistoryEvent::Kind::Attempt, HistoryEvent::Operation::Acquire) &&
                     e.failReason() != HistoryEvent::FailReason::None
                 ? 1
                 : 0;
    return n;
}

// Two clients, five nodes: C1 holds; C2 is refused by the holder; node 4 and 5 go down and a
// round misses its quorum for want of answers; C1 oversells the last item and erases a sale.
ScriptedHistory smallRun()
{
    ScriptedHistory h(5, 2000);
    for (int n = 0; n < 5; ++n)
        h.nodeUp(n, 1);
    h.client(1, 10);
    h.client(2, 10);
    h.stock(1, 20);
    const quint64 c1 = h.acquire(1, 100, 0b11111);
    h.acquire(2, 200, 0b00000); // refused: C1's key on every node
    using NK = NodeOutcome::Kind;
    h.nodeFault(3, Fault::Kind::Killed, 300, true);
    h.nodeFault(4, Fault::Kind::Killed, 300, true);
    h.acquireAnswered(2, 400, {NK::Taken, NK::Down, NK::Timeout, NK::Down, NK::Down});
    h.write(1, 500, 0, 1);
    h.write(2, 600, 0, 0); // read 1 before C1's write: sold what was not there, erased a sale
    h.endSection(1, 700, c1);
    h.release(1, 701, 0b00111);
    return h;
}

// A round of `client`'s whose nodes answered as given, node by node: the client's own id is
// an OK; another id "taken" naming that client; -id "taken" naming the client itself (its own
// earlier key).
void roundOf(ScriptedHistory& h, int client, double tMs, const QList<int>& holders)
{
    using K = HistoryEvent::Kind;
    using Op = HistoryEvent::Operation;
    static quint64 next = 5000;
    const quint64 op = (quint64(client) << 32) | ++next;
    h.add(HistoryEvent::forClient(K::Invoke, client, Op::Acquire, op), tMs);
    int votes = 0;
    quint16 granted = 0;
    for (int n = 0; n < holders.size(); ++n) {
        HistoryEvent a = HistoryEvent::forClient(K::NodeAnswer, client, Op::Acquire, op);
        a.node = n;
        const bool ok = holders[n] == client;
        a.code = quint8(ok ? NodeOutcome::Kind::Ok : NodeOutcome::Kind::Taken);
        a.number = ok ? 0 : std::abs(holders[n]);
        a.latencyUs = 500;
        votes += ok ? 1 : 0;
        granted |= ok ? quint16(1u << n) : 0;
        h.add(a, tMs + 1);
    }
    HistoryEvent attempt = HistoryEvent::forClient(K::Attempt, client, Op::Acquire, op);
    attempt.token = QByteArray::number(qulonglong(op), 16).rightJustified(40, 'c');
    attempt.number = votes;
    attempt.nodeMask = granted;
    attempt.latencyUs = 1000;
    attempt.sinceUs = qint64(tMs * 1000);
    attempt.code = quint8(HistoryEvent::FailReason::NoQuorum);
    h.add(attempt, tMs + 1);
    HistoryEvent fail = HistoryEvent::forClient(K::Fail, client, Op::Acquire, op);
    fail.code = quint8(HistoryEvent::FailReason::NoQuorum);
    h.add(fail, tMs + 1);
}

// The smallest font-size of any text of an SVG, in its user units (the pixels of a picture
// whose viewBox is its size); *texts: how many texts it has.
double smallestSvgText(const QByteArray& svg, int* texts)
{
    QXmlStreamReader xml(svg);
    QList<double> sizes; // the font-size in force in each open element
    double smallest = 1e9;
    *texts = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto given = xml.attributes().value(QLatin1String("font-size"));
            const double size =
                given.isEmpty() ? (sizes.isEmpty() ? -1 : sizes.last()) : given.toDouble();
            if (xml.name() == QLatin1String("text")) {
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                if (!text.trimmed().isEmpty() && size > 0) {
                    ++*texts;
                    smallest = std::min(smallest, size);
                }
                continue; // its end was read with it
            }
            sizes << size;
        } else if (xml.isEndElement() && !sizes.isEmpty()) {
            sizes.removeLast();
        }
    }
    return smallest;
}

} // namespace

class TestCharts : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QHash<QString, std::shared_ptr<const RecordedRun>> m_runs;

    std::shared_ptr<const RecordedRun> recorded(const QString& scenario) const
    {
        return m_runs.value(scenario);
    }

    static void addRuns()
    {
        QTest::addColumn<QString>("scenario");
        for (const QString& s : Scenarios)
            QTest::newRow(qPrintable(s)) << s;
    }

private slots:
    void cleanup() { Languages::install(QStringLiteral("en")); } // also after a failure

    // The three runs the charts exist for, recorded by the app on its own local nodes.
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        for (const QString& scenario : Scenarios) {
            const QString path = m_dir.filePath(scenario + QStringLiteral(".jsonl"));
            QProcess app;
            app.setProcessChannelMode(QProcess::MergedChannels);
            app.start(QStringLiteral(REDLOCKSCOPE_BINARY),
                      {QStringLiteral("--headless"), QStringLiteral("--scenario"),
                       QStringLiteral("builtin:") + scenario, QStringLiteral("--record"), path});
            QVERIFY(app.waitForFinished(120'000));
            QVERIFY2(app.exitCode() == 0, app.readAll().constData());
            QString error;
            auto run = RunReader::read(path, &error);
            QVERIFY2(run, qPrintable(error));
            m_runs.insert(scenario, run);
        }
    }

    // For each run, every chart's series add up to the checker's counters.
    void seriesAddUpToTheCheckersCounters_data() { addRuns(); }
    void seriesAddUpToTheCheckersCounters()
    {
        QFETCH(QString, scenario);
        const auto run = recorded(scenario);
        const CheckCounters& c = run->counters;
        RunData data;
        data.load(run);
        QGraphicsScene scene;
        const QSize size = ChartRenderer::sizeFor(Chart::Kind::Latency, data);

        auto* latency = static_cast<LatencyChart*>(
            ChartRenderer::exportChart(Chart::Kind::Latency, data, &scene, size, false));
        QCOMPARE(latency->counts()[size_t(Outcome::Acquired)], c.acquisitions);
        QCOMPARE(latency->counts()[size_t(Outcome::SplitVote)], c.splitVotes);
        QCOMPARE(sum(latency->counts()), roundsShown(*run));

        auto* histogram = static_cast<HistogramChart*>(
            ChartRenderer::exportChart(Chart::Kind::Histogram, data, &scene, size, false));
        QCOMPARE(histogram->counts(), latency->counts());

        auto* quorum = static_cast<QuorumChart*>(
            ChartRenderer::exportChart(Chart::Kind::Quorum, data, &scene, size, false));
        QCOMPARE(quorum->counts().acquired, c.acquisitions);
        QCOMPARE(quorum->counts().splitVotes, c.splitVotes);
        QCOMPARE(quorum->counts().acquired + quorum->counts().failed + quorum->counts().splitVotes,
                 roundsShown(*run));

        // The bars themselves: each bar's height times its seconds is its count.
        auto* throughput = static_cast<ThroughputChart*>(
            ChartRenderer::exportChart(Chart::Kind::Throughput, data, &scene, size, false));
        qint64 acquired = 0;
        qint64 failed = 0;
        qint64 attempts = 0;
        for (const ThroughputChart::Bucket& b : throughput->buckets()) {
            acquired += b.acquired;
            failed += b.failed;
            attempts += b.attempts;
        }
        QCOMPARE(acquired, c.acquisitions);
        QCOMPARE(failed, c.failures);
        QCOMPARE(attempts, attemptEvents(*run));
        const QStringList bars{QStringLiteral("attempts"), QStringLiteral("acquisitions"),
                               QStringLiteral("final failures")};
        std::array<double, 3> heights{};
        for (QAbstractSeries* series : throughput->series())
            if (auto* area = qobject_cast<QAreaSeries*>(series); area && area->name().size() > 0) {
                const QList<QPointF> points = area->upperSeries()->points();
                double total = 0;
                for (qsizetype i = 1; i + 2 < points.size(); i += 4) // (x0,0)(x0,v)(x1,v)(x1,0)
                    total += points[i].y() * throughput->buckets().first().seconds;
                for (qsizetype k = 0; k < 3; ++k)
                    if (area->name().startsWith(bars[k]))
                        heights[size_t(k)] = total;
            }
        QCOMPARE(qRound64(heights[0]), attemptEvents(*run));
        QCOMPARE(qRound64(heights[1]), c.acquisitions);
        QCOMPARE(qRound64(heights[2]), c.failures);

        auto* stock = static_cast<StockChart*>(
            ChartRenderer::exportChart(Chart::Kind::Stock, data, &scene, size, false));
        QCOMPARE(stock->counts().sales, c.sales);
        QCOMPARE(stock->counts().oversold, c.oversold);
        QCOMPARE(stock->counts().lostUpdates, c.lostUpdates);
    }

    // Each run shows the failure it was recorded for, marked and named.
    void eachRunShowsItsFailure()
    {
        QGraphicsScene scene;
        const auto labelsOf = [&scene] {
            QStringList out;
            for (const Word& w : words(scene))
                out << w.text;
            return out.join(QLatin1Char('|'));
        };
        RunData oversell;
        oversell.load(recorded(QStringLiteral("oversell-careless")));
        ChartRenderer::exportChart(Chart::Kind::Stock, oversell, &scene, QSize(1400, 700), false);
        QVERIFY2(labelsOf().contains(QLatin1String("oversold: 1 item")), qPrintable(labelsOf()));
        QVERIFY2(labelsOf().contains(QLatin1String("lost update: 1 sale erased")),
                 qPrintable(labelsOf()));
        scene.clear();
        RunData gc;
        gc.load(recorded(QStringLiteral("gc-pause")));
        ChartRenderer::exportChart(Chart::Kind::Latency, gc, &scene, QSize(1400, 700), false);
        QVERIFY2(labelsOf().contains(QLatin1String("client paused (GC pause)")),
                 qPrintable(labelsOf()));
        scene.clear();
        RunData split;
        split.load(recorded(QStringLiteral("split-votes")));
        auto* quorum =
            ChartRenderer::exportChart(Chart::Kind::Quorum, split, &scene, QSize(1400, 700), false);
        QVERIFY2(labelsOf().contains(QLatin1String("split vote")), qPrintable(labelsOf()));
        QVERIFY2(labelsOf().contains(QLatin1String("rule: a majority, 3 of 5 nodes")),
                 qPrintable(labelsOf()));
        bool splitShown = false;
        for (QAbstractSeries* s : quorum->series())
            if (s->name().startsWith(QLatin1String("split vote")))
                splitShown = static_cast<QXYSeries*>(s)->count() > 0;
        QVERIFY(splitShown);
    }

    // No word cut, shortened or overlapping, in an export (1400 x 700 points, 2800 pixels
    // wide as PNG) in every language.
    void nothingIsCutInAnExport_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("language");
        for (const QString& s : Scenarios)
            for (const char* language : {"en", "zh_CN", "ja"})
                QTest::newRow(qPrintable(s + QLatin1Char(' ') + QLatin1String(language)))
                    << s << QString::fromLatin1(language);
    }
    void nothingIsCutInAnExport()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, language);
        Languages::install(language);
        RunData data;
        data.load(recorded(scenario));
        for (Chart::Kind kind : xyCharts()) {
            QGraphicsScene scene;
            const QSize size = ChartRenderer::sizeFor(kind, data);
            const RunChart* chart = ChartRenderer::exportChart(kind, data, &scene, size, true);
            const QStringList found = problems(scene, QRectF(QPointF(0, 0), size)) +
                                      unlabelled(scene, chart) + unnamed(scene, chart);
            QVERIFY2(found.isEmpty(), qPrintable(EnumNames::name(kind) + QStringLiteral(": ") +
                                                 found.join(QStringLiteral("; "))));
        }
    }

    // The same in the window: 1280 x 720, the charts shown as G shows them.
    void nothingIsCutInTheWindow_data() { nothingIsCutInAnExport_data(); }
    void nothingIsCutInTheWindow()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, language);
        Languages::install(language);
        MainWindow window(EngineConfig{});
        window.resize(1280, 720);
        window.show();
        QString error;
        QVERIFY2(window.openRun(m_dir.filePath(scenario + QStringLiteral(".jsonl")), &error),
                 qPrintable(error));
        window.setChartsVisible(true);
        for (Chart::Kind kind : xyCharts()) {
            window.charts()->setCurrentChart(kind);
            RunChartView* view = window.charts()->chartView(kind);
            QTRY_VERIFY(view->isVisible() && view->height() > 100);
            window.updateNow();
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            const QRectF shown = view->chart()->mapRectToScene(view->chart()->rect());
            const QRectF viewport = view->mapToScene(view->viewport()->rect()).boundingRect();
            const QStringList found = problems(*view->scene(), shown & viewport) +
                                      unlabelled(*view->scene(), view->runChart());
            QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("%1 at %2 x %3: %4")
                                                     .arg(EnumNames::name(kind))
                                                     .arg(view->width())
                                                     .arg(view->height())
                                                     .arg(found.join(QStringLiteral("; ")))));
        }
    }

    // The report lists each client's settings as it ran with them (`defaults`, `client add`,
    // `client set` in the history), not the defaults the run started from.
    void theReportShowsTheSettingsAsUsed()
    {
        ScriptedHistory h = smallRun(); // C1 and C2 added at 10 ms
        h.header.clientDefaults.lock.ttlMs = 10000;
        const auto command = [&h](const char* line, double tMs) {
            HistoryEvent e =
                HistoryEvent::make(ScriptedHistory::K::Command, QString::fromLatin1(line));
            e.code = 1; // done
            h.add(e, tMs);
        };
        // Said at the start, before any client: the events keep their time order.
        h.events.insert(h.events.begin(), [] {
            HistoryEvent e = HistoryEvent::make(ScriptedHistory::K::Command,
                                                QStringLiteral("defaults ttl=1000 careful=off"));
            e.code = 1;
            return e;
        }());
        command("client set C2 work=777", 800);
        const auto run = h.run();
        RunData data;
        data.load(run);
        const QString page = QString::fromUtf8(HtmlReport::build(*run, data));
        const qsizetype clients = page.indexOf(QLatin1String("Clients, with the settings"));
        QVERIFY(clients > 0);
        const QString table = page.mid(clients);
        QVERIFY2(table.contains(QLatin1String("ttl=1000 ")) &&
                     table.contains(QLatin1String("careful=off")),
                 qPrintable(table.left(1500)));
        QVERIFY2(table.contains(QLatin1String("from 0.8 s:")) &&
                     table.contains(QLatin1String("work=777")),
                 qPrintable(table.left(1500)));
    }

    // Your own client (through the exposed ports) ran with its own settings, which the app
    // never knew: the report says so instead of listing the simulated clients' defaults.
    void theReportDoesNotGiveYourClientTheDefaults()
    {
        ScriptedHistory h = smallRun(); // C1 and C2 added at 10 ms
        HistoryEvent added = HistoryEvent::forClient(ScriptedHistory::K::ClientAdded, 1001);
        added.code = HistoryEvent::ForeignClient;
        added.text = QStringLiteral("F1");
        added.note = QStringLiteral("node (pid 4121)");
        h.add(added, 20);
        const auto run = h.run();
        RunData data;
        data.load(run);
        const QString page = QString::fromUtf8(HtmlReport::build(*run, data));
        const QString table = page.mid(page.indexOf(QLatin1String("Clients, with the settings")));
        const qsizetype f1 = table.indexOf(QLatin1String("<th>F1</th>"));
        QVERIFY2(f1 > 0, qPrintable(table.left(1500)));
        const QString row = table.mid(f1, table.indexOf(QLatin1String("</tr>"), f1) - f1);
        QVERIFY2(row.contains(QLatin1String("your own client (node (pid 4121))")) &&
                     !row.contains(QLatin1String("ttl=")),
                 qPrintable(row));
        QVERIFY2(table.contains(QLatin1String("<th>C1</th>")), qPrintable(table.left(1500)));
    }

    // The check above is not blind: a title longer than the plot is reported.
    void aCutLabelIsFound()
    {
        RunData data;
        data.load(recorded(QStringLiteral("gc-pause")));
        QGraphicsScene scene;
        const QRectF rect(0, 0, 1000, 300);
        RunChart* chart = ChartRenderer::exportChart(Chart::Kind::Throughput, data, &scene,
                                                     rect.size().toSize(), true);
        QStringList found = problems(scene, rect);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("; "))));
        chart->axes(Qt::Vertical)
            .constFirst()
            ->setTitleText(
                QStringLiteral("acquisitions and failures of the run per second, as counted"));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        found = problems(scene, rect);
        QVERIFY2(!found.isEmpty(), "a y title longer than the plot went unnoticed");
    }

    // --export --size 1920x1080 --large: every chart exactly that size, its smallest text
    // 20 px (18 at least, measured in the SVG the same painting makes), and the export says so.
    void anExportForAProjector()
    {
        const auto run = smallRun().run();
        ExportLook look;
        look.size = QSize(1920, 1080);
        look.typeScale = 1.35;
        for (Chart::Kind kind : Chart::all()) {
            const QString svg =
                m_dir.filePath(QStringLiteral("hd-%1.svg").arg(EnumNames::name(kind)));
            QString error;
            QString note;
            QVERIFY2(RunExporter::write(run, svg, kind, &error, look, &note), qPrintable(error));
            QCOMPARE(note, QStringLiteral("smallest text 20 px at 1920 × 1080"));
            QFile file(svg);
            QVERIFY(file.open(QIODevice::ReadOnly));
            int texts = 0;
            const double smallest = smallestSvgText(file.readAll(), &texts);
            QVERIFY2(texts > 5, qPrintable(EnumNames::name(kind)));
            QVERIFY2(smallest >= 18, qPrintable(QStringLiteral("%1: smallest text %2 px")
                                                    .arg(EnumNames::name(kind))
                                                    .arg(smallest)));
            const QString png =
                m_dir.filePath(QStringLiteral("hd-%1.png").arg(EnumNames::name(kind)));
            QVERIFY2(RunExporter::write(run, png, kind, &error, look), qPrintable(error));
            QCOMPARE(QImage(png).size(), QSize(1920, 1080));
        }
    }

    // A caption recorded in one language is told in the chart's (the ja export shows say.ja);
    // the timeline is 16:9 with its captions listed; SVG text holds no control character.
    void theTimelineTellsItsCaptions()
    {
        ScriptedHistory h = smallRun();
        HistoryEvent say = HistoryEvent::make(HistoryEvent::Kind::Say,
                                              QStringLiteral("C1 buys: read the stock, work, "
                                                             "check its validity, write stock - 1, "
                                                             "release."));
        say.line = 9; // gc-pause's first caption
        h.add(say, 150);
        HistoryEvent odd = HistoryEvent::make(HistoryEvent::Kind::Say,
                                              QStringLiteral("a \x1b[31mcoloured\x1b[0m note"));
        h.add(odd, 160);
        RunData data;
        data.load(h.run());
        QCOMPARE(ChartRenderer::sizeFor(Chart::Kind::Timeline, data), QSize(1600, 900));
        Languages::install(QStringLiteral("ja"));
        const QString svg = QString::fromUtf8(ChartRenderer::svg(Chart::Kind::Timeline, data));
        // (Qt writes each run of one script, kanji or kana, as a text of its own.)
        QVERIFY2(svg.contains(QStringLiteral(">購入<")) &&
                     svg.contains(QStringLiteral(">有効期間<")),
                 "the ja caption is not drawn");
        QVERIFY(!svg.contains(QStringLiteral("C1 buys")));
        for (const QChar c : svg)
            QVERIFY(c.unicode() >= 0x20 || c == u'\n' || c == u'\r' || c == u'\t');
        QXmlStreamReader xml(svg);
        while (!xml.atEnd())
            xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    }

    // Two nodes killed together are shaded as one stretch, in the kill's own colour (not the
    // overlaps' red); a split round shows how its votes split; a round refused by the
    // client's own earlier key is not "nodes down or slow".
    void everyFaultAndRoundIsToldAsItWas()
    {
        ScriptedHistory h(5, 2000);
        for (int n = 0; n < 5; ++n)
            h.nodeUp(n, 1);
        for (int c = 1; c <= 3; ++c)
            h.client(c, 10);
        h.nodeFault(0, Fault::Kind::Killed, 300, true);
        h.nodeFault(1, Fault::Kind::Killed, 300, true);
        h.nodeFault(0, Fault::Kind::Killed, 800, false);
        h.nodeFault(1, Fault::Kind::Killed, 900, false);
        roundOf(h, 1, 1000, {1, 1, 2, 2, 3});    // split: C1 2, C2 2, C3 1
        roundOf(h, 1, 1200, {1, 1, -1, -1, -1}); // its own earlier key on three nodes
        RunData data;
        data.load(h.run());
        QGraphicsScene scene;
        auto* latency = static_cast<LatencyChart*>(
            ChartRenderer::exportChart(Chart::Kind::Latency, data, &scene, QSize(1400, 700), true));
        const QAreaSeries* killed = nullptr;
        const QChart* chart = latency; // QChart's own list of series, every kind
        for (QAbstractSeries* series : chart->series())
            if (series->name() == QLatin1String("node killed"))
                killed = qobject_cast<QAreaSeries*>(series);
        QVERIFY(killed);
        const QList<QPointF> outline = killed->upperSeries()->points();
        QVERIFY(!outline.isEmpty());
        for (qsizetype i = 1; i < outline.size(); ++i)
            QVERIFY2(outline[i].x() >= outline[i - 1].x(), "the shading doubles back");
        QCOMPARE(outline.first().x(), 0.3);
        QCOMPARE(outline.last().x(), 0.9);
        const ChartStyle style = ChartStyle::forExport();
        QVERIFY(style.fault(Fault::Kind::Killed) != style.bad());
        QVERIFY(style.fault(Fault::Kind::Crashed) != style.bad());
        QStringList labels;
        auto* quorum =
            ChartRenderer::exportChart(Chart::Kind::Quorum, data, &scene, QSize(1400, 700), true);
        for (const Word& w : words(scene))
            labels << w.text;
        Q_UNUSED(quorum);
        QVERIFY2(labels.contains(QStringLiteral("split C1 2 · C2 2 · C3 1")),
                 qPrintable(labels.join(QStringLiteral(" | "))));
        const auto& attempts = data.series().attempts;
        QList<AttemptOutcome::Kind> outcomes;
        for (const RunSeries::Attempt& a : attempts)
            outcomes << a.outcome;
        QVERIFY(outcomes.contains(AttemptOutcome::Kind::SplitVote));
        QVERIFY(outcomes.contains(AttemptOutcome::Kind::OwnKey));
        QVERIFY(AttemptOutcome::name(AttemptOutcome::Kind::OwnKey) !=
                AttemptOutcome::name(AttemptOutcome::Kind::NoQuorum));
    }

    // A refusal because another client holds the lock is not "no quorum": the checker's judgement
    // tells them apart; and the percentiles are of acquisitions only.
    void aFailureIsShownByWhatItWas()
    {
        RunData data;
        data.load(smallRun().run());
        const auto& attempts = data.series().attempts;
        QCOMPARE(attempts.size(), size_t(3));
        QCOMPARE(attempts[0].outcome, Outcome::Acquired);
        QCOMPARE(attempts[1].outcome, Outcome::Refused);
        QCOMPARE(attempts[2].outcome, Outcome::NoQuorum);
        QGraphicsScene scene;
        auto* latency = static_cast<LatencyChart*>(ChartRenderer::exportChart(
            Chart::Kind::Latency, data, &scene, QSize(1400, 700), false));
        QCOMPARE(latency->series(Outcome::Refused)->count(), 1);
        QCOMPARE(latency->series(Outcome::NoQuorum)->count(), 1);
        QCOMPARE(latency->series(Outcome::Acquired)->count(), 1);
        QCOMPARE(latency->series(Outcome::Refused)->name(),
                 QStringLiteral("refused: held by another"));
        // The stock chart of the same run: one item oversold, one sale erased, both labelled.
        auto* stock = static_cast<StockChart*>(
            ChartRenderer::exportChart(Chart::Kind::Stock, data, &scene, QSize(1400, 700), false));
        QCOMPARE(stock->counts().sales, 2);
        QCOMPARE(stock->counts().oversold, 1);
        QCOMPARE(stock->counts().lostUpdates, 1);
    }

    // Hover names the point and the event behind it; faults are named where they are shaded.
    void hoverNamesThePointAndItsEvent()
    {
        RunData data;
        data.load(smallRun().run());
        RunChartView view(Chart::Kind::Latency, &data);
        view.resize(1280, 400);
        view.show();
        view.showAll();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        auto* chart = static_cast<LatencyChart*>(view.runChart());
        QScatterSeries* refused = chart->series(Outcome::Refused);
        QCOMPARE(refused->count(), 1);
        const QPointF at = chart->mapToPosition(refused->at(0), refused);
        const QPoint pos = view.mapFromScene(chart->mapToScene(at));
        const QString text = view.describeAt(pos);
        QVERIFY2(text.startsWith(QLatin1String("refused: held by another at")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("C2")), qPrintable(text)); // the event's line
        const QPointF killed = chart->mapToPosition(QPointF(0.45, refused->at(0).y()), refused);
        const QString fault = view.describeAt(view.mapFromScene(chart->mapToScene(killed)));
        QVERIFY2(fault.contains(QLatin1String("node killed: node 4")), qPrintable(fault));
    }

    // A legend entry hides and shows its series, and stays in the legend, faded.
    void theLegendTogglesSeries()
    {
        RunData data;
        data.load(smallRun().run());
        RunChartView view(Chart::Kind::Latency, &data);
        view.resize(1280, 400);
        view.show();
        auto* chart = static_cast<LatencyChart*>(view.runChart());
        QScatterSeries* refused = chart->series(Outcome::Refused);
        QLegendMarker* marker = chart->legend()->markers(refused).first();
        QVERIFY(marker->isVisible());
        emit marker->clicked();
        QVERIFY(!refused->isVisible());
        QVERIFY(marker->isVisible());
        QVERIFY(marker->labelBrush().color().alpha() < 255);
        emit marker->clicked();
        QVERIFY(refused->isVisible());
        QCOMPARE(marker->labelBrush().color().alpha(), 255);
    }

    // A change of language (or theme, or type size) makes the chart again; the one it replaces
    // is gone, not kept with every series (QChartView releases a chart without deleting it).
    void aChartMadeAgainLeavesNoneBehind()
    {
        RunData data;
        data.load(smallRun().run());
        RunChartView view(Chart::Kind::Latency, &data);
        QPointer<RunChart> before = view.runChart();
        QEvent change(QEvent::LanguageChange);
        QCoreApplication::sendEvent(&view, &change);
        QVERIFY(view.runChart() != nullptr);
        QVERIFY2(before.isNull(), "the replaced chart still lives");
    }

    // A rubber band zooms into a stretch of time and stops following; Home shows it all again.
    void theRubberBandZooms()
    {
        RunData data;
        data.load(recorded(QStringLiteral("gc-pause")));
        RunChartView view(Chart::Kind::Latency, &data);
        view.resize(1280, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.showAll();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        const qint64 whole = view.runChart()->windowEndUs() - view.runChart()->windowStartUs();
        const QRectF plot = view.runChart()->plotArea();
        const QPoint from = view.mapFromScene(view.runChart()->mapToScene(
            QPointF(plot.left() + plot.width() * 0.25, plot.center().y())));
        const QPoint to = view.mapFromScene(view.runChart()->mapToScene(
            QPointF(plot.left() + plot.width() * 0.5, plot.center().y())));
        QTest::mousePress(view.viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(view.viewport(), to);
        QTest::mouseRelease(view.viewport(), Qt::LeftButton, {}, to);
        const qint64 zoomed = view.runChart()->windowEndUs() - view.runChart()->windowStartUs();
        QVERIFY2(zoomed < whole / 3 && zoomed > whole / 6,
                 qPrintable(QStringLiteral("%1 of %2").arg(zoomed).arg(whole)));
        QVERIFY(!view.isFollowing());
        QTest::keyClick(&view, Qt::Key_Home);
        QCOMPARE(view.runChart()->windowEndUs() - view.runChart()->windowStartUs(), whole);
    }

    // Live, the chart follows the run as the timeline does.
    void theLiveViewFollowsTheRun()
    {
        const ScriptedHistory h = smallRun();
        RunData live(1000);
        live.start(h.header);
        RunChartView view(Chart::Kind::Throughput, &live);
        view.resize(1280, 400);
        view.show();
        const auto run = h.run();
        live.append(QList<HistoryEvent>(run->events.begin(), run->events.end()));
        live.setNowUs(25'000'000);
        view.refresh();
        QVERIFY(view.isFollowing());
        const auto expected = TimeAxis::following(live.startUs(), live.nowUs());
        QCOMPARE(view.runChart()->windowStartUs(), expected.first);
        QCOMPARE(view.runChart()->windowEndUs(), expected.second);
        QTest::keyClick(&view, Qt::Key_Left);
        QVERIFY(!view.isFollowing());
        QTest::keyClick(&view, Qt::Key_F);
        QVERIFY(view.isFollowing());
    }

    // A million points reach a series as at most four per pixel column, the extremes kept.
    void aMillionPointsBecomeAFewPerColumn()
    {
        Downsampler m4(0, 1'000'000, 1000, Downsampler::Mode::M4);
        for (int i = 0; i < 1'000'000; ++i)
            m4.add(i, i == 500'123 ? 1e6 : (i == 700'001 ? -1e6 : i % 1000), quint64(i));
        const auto& points = m4.points();
        QVERIFY2(points.size() <= 4000, qPrintable(QString::number(points.size())));
        const auto extreme = [&points](double y) {
            return std::any_of(points.begin(), points.end(),
                               [y](const Downsampler::Point& p) { return p.y == y; });
        };
        QVERIFY(extreme(1e6));
        QVERIFY(extreme(-1e6));
        QVERIFY(std::is_sorted(points.begin(), points.end(),
                               [](const auto& a, const auto& b) { return a.x < b.x; }));
        Downsampler votes(0, 100, 10, Downsampler::Mode::Distinct);
        for (int i = 0; i < 100; ++i)
            votes.add(i, i % 3, quint64(i));
        QCOMPARE(votes.points().size(), size_t(30)); // three values in each of ten columns
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
