// SPDX-License-Identifier: GPL-3.0-or-later
// The run file: events to lines and back, the writer off the engine thread, the reader's
// answers to bad files, and the data exports (CSV, EDN, JSONL) of a scripted run.
#include "ednreader.h"
#include "record/csvexporter.h"
#include "record/ednexporter.h"
#include "record/jsonlexporter.h"
#include "record/jsonlinescanner.h"
#include "record/pairedoperations.h"
#include "record/runeventcodec.h"
#include "record/runfolder.h"
#include "record/runreader.h"
#include "record/runwriter.h"
#include "scriptedhistory.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

// A GC pause as Kleppmann's critique tells it (docs/sources.md, "Kleppmann's critique"): C1
// holds, pauses past its validity, C2 acquires, C1 resumes and writes: two clients in their
// sections at once, and a lost update.
ScriptedHistory gcPause()
{
    ScriptedHistory h(5, 2000);
    h.command(QStringLiteral("stock 100"), 0);
    HistoryEvent stock = HistoryEvent::make(HistoryEvent::Kind::StockSet);
    stock.node = HistoryEvent::StorageNode;
    stock.number = 100;
    h.add(stock, 1);
    h.client(1, 10);
    h.client(2, 10);
    const quint64 c1 = h.acquire(1, 100, 0b11111);
    h.say(QStringLiteral("C1 holds the lock and stops the world"), 150);
    h.pause(1, 200);
    h.acquire(2, 1000, 0b00000, 1);                 // C1's keys are still there: refused
    const quint64 c2 = h.acquire(2, 2500, 0b11111); // they expired at 2100
    h.write(2, 2600, 99, 100);
    h.endSection(2, 2601, c2);
    h.release(2, 2602, 0b11111);
    h.resume(1, 5200);
    h.lockLost(1, 5200, c1, 2079);
    h.write(1, 5201, 99, 99); // read 100 before the pause: C2's sale is erased
    h.endSection(1, 5202, c1);
    h.release(1, 5203, 0);
    return h;
}

} // namespace

class TestRunFile : public QObject
{
    Q_OBJECT

private slots:
    void everyFieldSurvivesALine()
    {
        HistoryEvent e = HistoryEvent::forClient(HistoryEvent::Kind::Ok, 3,
                                                 HistoryEvent::Operation::Acquire, 77);
        e.tUs = 123456789;
        e.node = 2;
        e.latencyUs = 1840;
        e.number = -5;
        e.sinceUs = 99;
        e.previous = 12;
        e.line = 7;
        e.nodeMask = 0b10101;
        e.resource = "other-lock";
        e.token = QByteArray("\xff\x00 not utf8", 12);
        e.fence = *FencingToken::fromWire("1:14,3:13");
        e.text = QStringLiteral("quote \" backslash \\ newline \n tab \t ünïcödé 😀");
        e.note = QStringLiteral("\x01 control");
        const RunEventCodec codec("stock-lock");
        QByteArray line;
        codec.encode(e, &line);
        QVERIFY(line.endsWith('\n'));
        QCOMPARE(line.count('\n'), 1);
        // Standard JSON: any tool reads it.
        QJsonParseError error;
        QVERIFY2(!QJsonDocument::fromJson(line, &error).isNull(), qPrintable(error.errorString()));
        HistoryEvent back;
        QString why;
        QVERIFY2(codec.decode(line.chopped(1), &back, &why), qPrintable(why));
        QCOMPARE(back.tUs, e.tUs);
        QCOMPARE(back.kind, e.kind);
        QCOMPARE(back.operation, e.operation);
        QCOMPARE(back.client, e.client);
        QCOMPARE(back.node, e.node);
        QCOMPARE(back.op, e.op);
        QCOMPARE(back.latencyUs, e.latencyUs);
        QCOMPARE(back.number, e.number);
        QCOMPARE(back.sinceUs, e.sinceUs);
        QCOMPARE(back.previous, e.previous);
        QCOMPARE(back.line, e.line);
        QCOMPARE(back.nodeMask, e.nodeMask);
        QCOMPARE(back.resource, e.resource);
        QCOMPARE(back.token, e.token);
        QCOMPARE(back.fence, e.fence);
        QCOMPARE(back.text, e.text);
        QCOMPARE(back.note, e.note);
    }

    // Kinds, operations and codes are written by name; a default field is left out.
    void linesAreTypedAndShort()
    {
        const RunEventCodec codec("stock-lock");
        HistoryEvent e = HistoryEvent::forClient(HistoryEvent::Kind::ClientState, 2);
        e.tUs = 5;
        e.code = quint8(ClientSnapshot::State::WaitingRetry);
        e.resource = "stock-lock";
        QByteArray line;
        codec.encode(e, &line);
        QCOMPARE(
            line,
            QByteArray("{\"t\":5,\"kind\":\"client-state\",\"code\":\"waiting-retry\",\"client\":2}"
                       "\n"));
        HistoryEvent command = HistoryEvent::make(HistoryEvent::Kind::Command, "node kill 2");
        command.tUs = 9;
        command.code = 1;
        line.clear();
        codec.encode(command, &line);
        QCOMPARE(
            line,
            QByteArray("{\"t\":9,\"kind\":\"command\",\"ok\":true,\"text\":\"node kill 2\"}\n"));
    }

    void badLinesAreRefusedWithAReason_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("reason");
        QTest::newRow("cut off") << QByteArray("{\"t\":5,\"kind\":\"ok\",\"te") << "not closed";
        QTest::newRow("no kind") << QByteArray("{\"t\":5}") << "no \"kind\"";
        QTest::newRow("unknown kind") << QByteArray("{\"t\":5,\"kind\":\"party\"}") << "kind";
        QTest::newRow("unknown code")
            << QByteArray("{\"t\":5,\"kind\":\"fail\",\"code\":\"bad-luck\"}") << "bad-luck";
        QTest::newRow("time not a number")
            << QByteArray("{\"t\":\"x\",\"kind\":\"say\"}") << "\"t\"";
        QTest::newRow("negative time") << QByteArray("{\"t\":-1,\"kind\":\"say\"}") << "\"t\"";
        QTest::newRow("node 17") << QByteArray("{\"t\":1,\"kind\":\"ok\",\"nodes\":[17]}")
                                 << "nodes";
        QTest::newRow("not an object") << QByteArray("[1,2]") << "not a JSON object";
        QTest::newRow("trailing text") << QByteArray("{\"t\":1,\"kind\":\"say\"} x") << "after";
    }

    void badLinesAreRefusedWithAReason()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, reason);
        HistoryEvent e;
        QString why;
        QVERIFY(!RunEventCodec("r").decode(line, &e, &why));
        QVERIFY2(why.contains(reason), qPrintable(why));
    }

    void unknownFieldsArePassedOver()
    {
        HistoryEvent e;
        QString why;
        QVERIFY(RunEventCodec("r").decode(
            "{\"t\":1,\"kind\":\"say\",\"later\":{\"a\":[1,{\"b\":\"}\"}]},\"text\":\"hi\"}", &e,
            &why));
        QCOMPARE(e.text, QStringLiteral("hi"));
    }

    void writerKeepsEverythingInOrder()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.jsonl"));
        ScriptedHistory h;
        RunWriter writer(path, h.header);
        QString error;
        QVERIFY2(writer.open(&error), qPrintable(error));
        constexpr int Count = 25000; // several batches, and more than one flush period
        for (int i = 0; i < Count; ++i) {
            HistoryEvent e =
                HistoryEvent::make(HistoryEvent::Kind::Info, QStringLiteral("event %1").arg(i));
            e.tUs = i + 1;
            writer.take(e);
        }
        writer.finish();
        QCOMPARE(writer.writtenCount(), quint64(Count));
        const auto run = RunReader::read(path, &error);
        QVERIFY2(run, qPrintable(error));
        QCOMPARE(run->events.size(), size_t(Count));
        QCOMPARE(run->skippedLines, quint64(0));
        for (int i = 0; i < Count; i += 997)
            QCOMPARE(run->events[size_t(i)].text, QStringLiteral("event %1").arg(i));
    }

    void writerThatCannotOpenSaysWhy()
    {
        RunWriter writer(QStringLiteral("/nonexistent-folder/run.jsonl"), RunHeader());
        QString error;
        QVERIFY(!writer.open(&error));
        QVERIFY2(error.contains(QLatin1String("/nonexistent-folder/run.jsonl")), qPrintable(error));
        writer.take(HistoryEvent::make(HistoryEvent::Kind::Info)); // ignored, no crash
    }

    // The app was killed mid-line: every whole line opens, and the cut one is named.
    void truncatedFileOpensWhatIsWhole()
    {
        const ScriptedHistory h = gcPause();
        QByteArray bytes = h.file();
        bytes.chop(25);
        QString error;
        const auto run = RunReader::parse(bytes, QStringLiteral("cut.jsonl"), &error);
        QVERIFY2(run, qPrintable(error));
        QVERIFY(run->cutOff);
        QCOMPARE(run->skippedLines, quint64(1));
        QVERIFY(run->readProblems().contains(QLatin1String("cut off")));
        QVERIFY(run->events.size() >= h.events.size() - 1);
    }

    void damagedLinesAreSkippedAndNamed()
    {
        QByteArray bytes = gcPause().file();
        const qsizetype third =
            bytes.indexOf('\n', bytes.indexOf('\n', bytes.indexOf('\n') + 1) + 1);
        bytes.insert(third + 1, "this is not json\n{\"t\":1,\"kind\":\"nonsense\"}\n");
        QString error;
        const auto run = RunReader::parse(bytes, QStringLiteral("damaged.jsonl"), &error);
        QVERIFY2(run, qPrintable(error));
        QCOMPARE(run->skippedLines, quint64(2));
        QVERIFY(!run->cutOff);
        QVERIFY2(run->readProblems().contains(QLatin1String("line 4")),
                 qPrintable(run->readProblems()));
    }

    void filesThatAreNotRunsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << QByteArray() << "empty";
        QTest::newRow("blank") << QByteArray("\n\n") << "empty";
        QTest::newRow("not json") << QByteArray("hello\nworld\n") << "not a Redlock Scope run";
        QTest::newRow("other json") << QByteArray("{\"a\":1}\n") << "not a Redlock Scope run";
        QTest::newRow("binary") << QByteArray("\x89PNG\r\n\x1a\n\0\0", 10)
                                << "not a Redlock Scope run";
        QTest::newRow("version 2")
            << QByteArray("{\"format\":\"redlockscope-run\",\"version\":2,\"nodes\":[\"a\"]}"
                          "\n")
            << "version 2";
    }

    void filesThatAreNotRunsAreRefused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, reason);
        QString error;
        QVERIFY(!RunReader::parse(bytes, QStringLiteral("f"), &error));
        QVERIFY2(error.contains(reason), qPrintable(error));
    }

    void missingFileIsAClearError()
    {
        QString error;
        QVERIFY(!RunReader::read(QStringLiteral("/nonexistent/run.jsonl"), &error));
        QVERIFY2(error.contains(QLatin1String("/nonexistent/run.jsonl")), qPrintable(error));
    }

    void headerOnlyOpensEmpty()
    {
        ScriptedHistory h;
        QString error;
        const auto run = RunReader::parse(h.header.toJsonLine(), QStringLiteral("h"), &error);
        QVERIFY2(run, qPrintable(error));
        QCOMPARE(run->events.size(), size_t(0));
        QCOMPARE(run->header.nodeCount(), 5);
    }

    // The verdict comes from the events: recorded Violation lines are not believed.
    void theVerdictIsJudgedAgain()
    {
        ScriptedHistory h = gcPause();
        HistoryEvent fake = HistoryEvent::make(HistoryEvent::Kind::Violation);
        fake.code = quint8(HistoryEvent::ViolationKind::Oversold);
        h.add(fake, 3000);
        std::sort(h.events.begin(), h.events.end(),
                  [](const auto& a, const auto& b) { return a.tUs < b.tUs; });
        QString error;
        const auto run = RunReader::parse(h.file(), QStringLiteral("gc.jsonl"), &error);
        QVERIFY2(run, qPrintable(error));
        QCOMPARE(run->counters.overlaps, 1);
        QCOMPARE(run->counters.lostUpdates, 1);
        QCOMPARE(run->counters.oversold, 0);
        QCOMPARE(run->counters.lockLost, 1);
    }

    void operationsArePairedAndGivenUp()
    {
        const auto run = gcPause().run();
        const PairedOperations ops(run->events);
        // C1: acquire, write, release; C2: acquire (fail), acquire, write, release
        QCOMPARE(ops.size(), 7);
        for (const auto& o : ops.all())
            QVERIFY(!o.indeterminate());
        ScriptedHistory h;
        h.client(1, 0);
        h.add(HistoryEvent::forClient(HistoryEvent::Kind::Invoke, 1,
                                      HistoryEvent::Operation::Acquire, 5),
              10);
        h.add(HistoryEvent::forClient(HistoryEvent::Kind::Invoke, 1,
                                      HistoryEvent::Operation::Release, 6),
              20); // stopped while acquiring
        const auto stopped = h.run();
        const PairedOperations given(stopped->events);
        QCOMPARE(given.size(), 2);
        QVERIFY(given.all()[0].indeterminate());
        QCOMPARE(given.all()[0].endedUs, 20000);
    }

    void csvHasOneRowPerOperation()
    {
        const auto run = gcPause().run();
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        QString error;
        QVERIFY(CsvExporter::write(*run, &out, &error));
        const QList<QByteArray> lines = out.data().trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 7);
        QCOMPARE(QString::fromUtf8(lines[0].trimmed()), CsvExporter::columns().join(','));
        const QList<QByteArray> acquire = lines[1].trimmed().split(',');
        QCOMPARE(acquire.size(), CsvExporter::columns().size());
        QCOMPARE(acquire[2], QByteArray("C1"));
        QCOMPARE(acquire[3], QByteArray("acquire"));
        QCOMPARE(acquire[4], QByteArray("100000"));
        QCOMPARE(acquire[7], QByteArray("ok"));
        QCOMPARE(acquire[10], QByteArray("1 2 3 4 5"));
        const QList<QByteArray> refused = lines[2].trimmed().split(',');
        QCOMPARE(refused[7], QByteArray("fail"));
        QCOMPARE(refused[8], QByteArray("no-quorum"));
    }

    void ednReadsBackAsAJepsenHistory()
    {
        const auto run = gcPause().run();
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        QString error;
        QVERIFY(EdnExporter::write(*run, &out, &error));
        const QStringList lines = QString::fromUtf8(out.data()).trimmed().split('\n');
        QHash<qlonglong, QString> pending; // process -> :f of its open invoke
        int invokes = 0;
        int completions = 0;
        qlonglong lastTime = -1;
        for (int i = 0; i < lines.size(); ++i) {
            EdnReader reader(lines[i]);
            const QVariantMap op = reader.read().toMap();
            QVERIFY2(reader.ok() && reader.atEnd(), qPrintable(reader.error() + ": " + lines[i]));
            QCOMPARE(op.value(":index").toLongLong(), qlonglong(i));
            QVERIFY(op.value(":time").toLongLong() >= lastTime);
            lastTime = op.value(":time").toLongLong();
            const QString type = op.value(":type").toString();
            if (op.value(":process") == QVariant(QStringLiteral(":nemesis"))) {
                QCOMPARE(type, QStringLiteral(":info"));
                continue;
            }
            const qlonglong process = op.value(":process").toLongLong();
            if (type == QLatin1String(":invoke")) {
                QVERIFY2(!pending.contains(process), "one operation at a time per process");
                pending.insert(process, op.value(":f").toString());
                ++invokes;
            } else {
                QVERIFY(type == ":ok" || type == ":fail" || type == ":info");
                QCOMPARE(pending.take(process), op.value(":f").toString());
                ++completions;
            }
            if (type == QLatin1String(":ok") && op.value(":f") == QVariant(":acquire"))
                QCOMPARE(op.value(":value").toMap().value(":nodes").toList().size(), 5);
            if (type == QLatin1String(":fail"))
                QCOMPARE(op.value(":error").toString(), QStringLiteral(":no-quorum"));
        }
        QCOMPARE(invokes, 7);
        QCOMPARE(completions, 7);
        QVERIFY(pending.isEmpty());
        QVERIFY(out.data().contains(":f :start-paused, :process :nemesis"));
    }

    void jsonlExportReadsBackTheSame()
    {
        const auto run = gcPause().run();
        QBuffer out;
        out.open(QIODevice::WriteOnly);
        QString error;
        QVERIFY(JsonlExporter::write(*run, &out, &error));
        const auto back = RunReader::parse(out.data(), QStringLiteral("again"), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->events.size(), run->events.size());
        QCOMPARE(back->counters, run->counters);
        const QList<QByteArray> lines = out.data().split('\n');
        const QJsonObject header = QJsonDocument::fromJson(lines[0]).object();
        QCOMPARE(header.value("format").toString(), QStringLiteral("redlockscope-run"));
        QCOMPARE(header.value("version").toInt(), 1);
        QCOMPARE(header.value("nodes").toArray().size(), 5);
        QCOMPARE(header.value("settings").toObject().value("ttlMs").toInt(), 2000);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            if (lines[i].isEmpty())
                continue;
            const QJsonObject o = QJsonDocument::fromJson(lines[i]).object();
            QVERIFY2(o.contains("t") && o.contains("kind"), lines[i].constData());
        }
    }

    void runFolderKeepsTheNewest()
    {
        QTemporaryDir dir;
        const RunFolder folder(dir.filePath(QStringLiteral("runs")));
        QString error;
        for (int i = 0; i < RunFolder::Kept + 5; ++i) {
            const QString path = folder.newRun(&error);
            QVERIFY2(!path.isEmpty(), qPrintable(error));
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QTest::qWait(2); // distinct names, in order
        }
        QCOMPARE(folder.runs().size(), RunFolder::Kept);
    }
};

QTEST_GUILESS_MAIN(TestRunFile)
#include "tst_runfile.moc"
