// SPDX-License-Identifier: GPL-3.0-or-later
// The lock timeline offscreen, against a scripted history: what it draws where, what it says
// under the pointer, how it zooms, pans and follows; and the window scrubbing a recorded run.
#include "charts/chartspanel.h"
#include "charts/rundata.h"
#include "charts/timelinepainter.h"
#include "charts/timelineview.h"
#include "console/captionbar.h"
#include "quorum/quorumview.h"
#include "scriptedhistory.h"
#include "window/mainwindow.h"
#include "window/replaybar.h"

#include <QAction>
#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

// C1 holds; a stop-the-world pause outlives its validity; C2 takes the lock while C1 still
// believes it holds it: Kleppmann's GC-pause figure (docs/sources.md, "Kleppmann's critique").
ScriptedHistory gcPause()
{
    ScriptedHistory h(5, 2000);
    for (int n = 0; n < 5; ++n)
        h.nodeUp(n, 1);
    h.client(1, 10);
    h.client(2, 10);
    const quint64 c1 = h.acquire(1, 100, 0b11111);
    h.say(QStringLiteral("C1 stops the world"), 150);
    h.pause(1, 200);
    const quint64 c2 = h.acquire(2, 2500, 0b11111);
    h.endSection(2, 4000, c2);
    h.release(2, 4001, 0b11111);
    h.resume(1, 5200);
    h.lockLost(1, 5200, c1, 2079);
    h.endSection(1, 5201, c1, HistoryEvent::SectionEndReason::GaveUp);
    h.release(1, 5202, 0);
    return h;
}

bool isReddish(const QColor& c)
{
    return c.red() > c.green() + 40 && c.red() > c.blue() + 40;
}

} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT

private:
    struct Shown
    {
        RunData data;
        TimelineView* view = nullptr;
        std::unique_ptr<TimelineView> owner;

        Shown()
        {
            data.load(gcPause().run());
            owner = std::make_unique<TimelineView>(&data);
            view = owner.get();
            view->resize(1000, 400);
            view->show();
            view->showAll();
        }
        TimelinePainter::Layout layout() const
        {
            return TimelinePainter(data, ChartStyle()).layout(QRectF(view->rect()), view->view());
        }
        double xAt(qint64 tUs) const
        {
            const auto l = layout();
            const auto& v = view->view();
            return l.lanes.left() +
                   l.lanes.width() * double(tUs - v.t0Us) / double(v.t1Us - v.t0Us);
        }
        // The middle of a client's row for its critical section (the lane's lower part).
        double sectionY(int laneIndex) const
        {
            const auto l = layout();
            return l.lanes.top() + l.laneHeight * (laneIndex + 0.75);
        }
    };

private slots:
    void lanesForEveryClientAndNode()
    {
        Shown s;
        QCOMPARE(s.data.clientLanes().size(), 2);
        QCOMPARE(s.data.nodeCount(), 5);
        QCOMPARE(s.data.series().violations.size(), size_t(1));
        // C1's keys: from when the SET was sent (100 ms) to the TTL's end (2.1 s).
        const TimelineTrack& keys = s.data.nodeLanes().first().section;
        QCOMPARE(keys.size(), size_t(2));
        QCOMPARE(keys.front().client, 1);
        QCOMPARE(keys.front().startUs, 100'000);
        QCOMPARE(keys.front().endUs, 2'100'000);
        QCOMPARE(keys.back().client, 2);
        QVERIFY(keys.back().endUs <= 4'002'000); // released, before its TTL
    }

    void theOverlapIsRed()
    {
        Shown s;
        const QImage image = s.view->grab().toImage();
        QVERIFY(!image.isNull());
        // The overlap: red over both clients' lanes (edged in solid red).
        const auto l = s.layout();
        const int x = int(s.xAt(3'000'000));
        for (int lane = 0; lane < 2; ++lane) {
            int red = 0;
            for (int y = int(l.lanes.top() + l.laneHeight * lane);
                 y < int(l.lanes.top() + l.laneHeight * (lane + 1)); ++y)
                red += isReddish(image.pixelColor(x, y)) ? 1 : 0;
            QVERIFY2(red >= 3,
                     qPrintable(QStringLiteral("lane %1: %2 red pixels").arg(lane).arg(red)));
        }
        const QPoint before(int(s.xAt(1'000'000)), int(s.sectionY(0)));
        QVERIFY2(!isReddish(image.pixelColor(before)), qPrintable(image.pixelColor(before).name()));
        // A picture, not a blank: many colours.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4)
                colours.insert(image.pixel(x, y));
        QVERIFY(colours.size() > 20);
    }

    void hoverSaysWhatIsThere()
    {
        Shown s;
        const TimelinePainter painter(s.data, ChartStyle());
        const QRectF rect(s.view->rect());
        QString text =
            painter.describeAt(rect, s.view->view(), QPointF(s.xAt(1'000'000), s.sectionY(0)));
        QVERIFY2(text.contains(QLatin1String("C1")) &&
                     text.contains(QLatin1String("critical section")),
                 qPrintable(text));
        text = painter.describeAt(rect, s.view->view(), QPointF(s.xAt(3'000'000), s.sectionY(0)));
        QVERIFY2(text.contains(QLatin1String("MUTUAL EXCLUSION BROKEN")), qPrintable(text));
        const auto l = s.layout();
        const double node1 = l.nodesTop + l.laneHeight * 0.9;
        text = painter.describeAt(rect, s.view->view(), QPointF(s.xAt(1'000'000), node1));
        QVERIFY2(text.startsWith(QLatin1String("node 1")) &&
                     text.contains(QLatin1String("C1's key")),
                 qPrintable(text));
    }

    // A stale write the fenced storage refused and a release that deleted another client's
    // key are marked, with who and which token, and hovering the mark names the event.
    void refusedWriteAndWrongReleaseAreMarked()
    {
        ScriptedHistory h = gcPause();
        const quint64 c2 = (quint64(2) << 32) | 1; // C2's first op: its acquire
        HistoryEvent refused =
            HistoryEvent::forClient(ScriptedHistory::K::Fail, 1, ScriptedHistory::Op::Write, 99);
        refused.node = HistoryEvent::StorageNode;
        refused.code = quint8(HistoryEvent::FailReason::Rejected);
        refused.previous = 2; // the checker's judgement: C2 had taken the lock since
        refused.fence = *FencingToken::fromWire("1:7,2:7,3:7");
        h.add(refused, 5300);
        HistoryEvent deleted = HistoryEvent::forClient(ScriptedHistory::K::DeletedOthersKey, 1);
        deleted.node = 0;
        deleted.token = QByteArray::number(qulonglong(c2), 16).rightJustified(40, 'a');
        h.add(deleted, 5400);
        RunData data;
        data.load(h.run());
        using Kind = RunSeries::Moment::Kind;
        const auto& moments = data.series().moments;
        QCOMPARE(moments.size(), size_t(2));
        QCOMPARE(moments[0].kind, Kind::RejectedWrite);
        QCOMPARE(moments[0].client, 1);
        QCOMPARE(moments[0].other, 2);
        QCOMPARE(moments[0].fence, QStringLiteral("1:7,2:7,3:7"));
        QCOMPARE(moments[1].kind, Kind::WrongRelease);
        QCOMPARE(moments[1].client, 1);
        QCOMPARE(moments[1].other, 2); // whose key it was, from the token
        QCOMPARE(moments[1].node, 0);
        TimelineView view(&data);
        view.resize(1000, 400);
        view.show();
        view.showAll();
        const TimelinePainter painter(data, ChartStyle());
        const QRectF rect(view.rect());
        const auto l = painter.layout(rect, view.view());
        const auto& v = view.view();
        const double x =
            l.lanes.left() + l.lanes.width() * double(5'300'000 - v.t0Us) / double(v.t1Us - v.t0Us);
        const QString text =
            painter.describeAt(rect, view.view(), QPointF(x, l.lanes.top() + l.laneHeight / 2));
        QVERIFY2(text.contains(QLatin1String("C1")), qPrintable(text));
    }

    void zoomPanAndFollow()
    {
        Shown s;
        const ChartView all = s.view->view();
        QTest::keyClick(s.view, Qt::Key_Plus);
        const qint64 zoomed = s.view->view().t1Us - s.view->view().t0Us;
        QVERIFY(zoomed < all.t1Us - all.t0Us);
        const qint64 t0 = s.view->view().t0Us;
        QTest::keyClick(s.view, Qt::Key_Right);
        QVERIFY(s.view->view().t0Us > t0);
        QTest::mousePress(s.view, Qt::LeftButton, {}, QPoint(500, 200));
        QTest::mouseMove(s.view, QPoint(400, 200));
        QTest::mouseRelease(s.view, Qt::LeftButton, {}, QPoint(400, 200));
        QVERIFY(s.view->view().t0Us > t0); // dragged left: later times come in
        QTest::keyClick(s.view, Qt::Key_Home);
        QCOMPARE(s.view->view().t0Us, all.t0Us);
        QCOMPARE(s.view->view().t1Us, all.t1Us);
        QVERIFY(!s.view->isFollowing());
        QTest::keyClick(s.view, Qt::Key_F);
        QVERIFY(s.view->isFollowing());
    }

    void aClickNamesItsTime()
    {
        Shown s;
        QSignalSpy clicked(s.view, &TimelineView::timeClicked);
        QVERIFY(clicked.isValid());
        const QPoint at(int(s.xAt(2'000'000)), int(s.sectionY(1)));
        QTest::mouseClick(s.view, Qt::LeftButton, {}, at);
        QCOMPARE(clicked.size(), 1);
        const qint64 t = clicked.first().first().toLongLong();
        QVERIFY2(std::abs(t - 2'000'000) < 30'000, qPrintable(QString::number(t)));
    }

    // Live, batch by batch, it draws what a whole run draws; and keeps only what it may.
    void liveBatchesAndBoundedMemory()
    {
        const ScriptedHistory h = gcPause();
        RunData live(40);
        live.start(h.header);
        QList<HistoryEvent> batch;
        const auto run = h.run(); // kept alive: a range-for over h.run()->events is not
        for (const HistoryEvent& e : run->events) {
            batch << e;
            if (batch.size() == 7) {
                live.append(batch);
                batch.clear();
            }
        }
        live.append(batch);
        QCOMPARE(live.clientLanes().size(), 2);
        QVERIFY(live.eventCount() > 40);
        QVERIFY(live.event(0) == nullptr); // dropped
        QVERIFY(live.event(live.eventCount() - 1) != nullptr);
        QVERIFY(live.startUs() > 0); // the view begins at the oldest kept event
    }

    // The window shows a recorded run without an engine and scrubs the whole picture.
    void theWindowScrubsARecordedRun()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gc.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(gcPause().file());
        file.close();
        EngineConfig config;
        MainWindow window(config);
        window.resize(1280, 720);
        window.show();
        QString error;
        QVERIFY2(window.openRun(path, &error), qPrintable(error));
        QVERIFY(window.isReplaying());
        QVERIFY(window.controller() == nullptr); // no engine, no nodes
        QVERIFY(!window.findChild<QAction*>(QStringLiteral("actionAddClient"))->isEnabled());
        window.replayBar()->seek(1'000'000);
        window.updateNow();
        QVERIFY2(window.quorumHeadline().startsWith(QLatin1String("held by C1")),
                 qPrintable(window.quorumHeadline()));
        // The scrubbed instant shows the caption a class saw then.
        QVERIFY(window.caption()->isVisible());
        QCOMPARE(window.caption()->text(), QStringLiteral("C1 stops the world"));
        // The status bar's verdict is whole beside the long "Opened ..." answer.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
        const auto* verdict = window.findChild<QLabel*>(QStringLiteral("checkerVerdict"));
        QVERIFY(verdict && !verdict->text().isEmpty());
        QVERIFY2(
            verdict->width() >= verdict->fontMetrics().horizontalAdvance(verdict->text()),
            qPrintable(QStringLiteral("'%1' in %2 px").arg(verdict->text()).arg(verdict->width())));
        QCOMPARE(window.nodeCardCount(), 5);
        window.replayBar()->seek(3'000'000);
        window.updateNow();
        QVERIFY2(window.quorumHeadline().contains(QLatin1String("C2")),
                 qPrintable(window.quorumHeadline()));
        // A click on the timeline scrubs there.
        TimelineView* timeline = window.charts()->timeline();
        emit timeline->timeClicked(1'500'000);
        QCOMPARE(window.replayBar()->timeUs(), 1'500'000);
        // Play runs the clock forward.
        window.replayBar()->setSpeed(4);
        window.replayBar()->play();
        QTRY_VERIFY(window.replayBar()->timeUs() > 1'700'000);
        window.replayBar()->pause();
    }

    void aBadRunFileChangesNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("not-a-run.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("hello\n");
        file.close();
        MainWindow window(EngineConfig{});
        QString error;
        QVERIFY(!window.openRun(path, &error));
        QVERIFY2(error.contains(QLatin1String("not a Redlock Scope run")), qPrintable(error));
        QVERIFY(!window.isReplaying());
    }
};

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
