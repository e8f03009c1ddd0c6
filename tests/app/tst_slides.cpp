// SPDX-License-Identifier: GPL-3.0-or-later
// --slides (issue 21): a scenario played in the window, offscreen, becomes a deck: a page per
// caption and per `snapshot` line, with its narration in the language asked for, as a PDF
// (QPdfWriter) or one HTML file that stands alone. Bad input is refused before anything
// plays (exit 2, no file); a signal ends it with nothing written (exit 3, no node left).
#include "apprun.h"

#include "scenario/scenariolibrary.h"

#include <QImage>
#include <QRegularExpression>
#include <QtEndian>
#include <csignal>
#include <sys/stat.h>

using namespace AppRun;

namespace {

// Short, and the same story every time (seeded): two captions.
const QString Builtin = QStringLiteral("ladder-1-none");

// The captions of a built-in scenario in `language` ("en", "zh", "ja"), in order.
QStringList captions(const QString& name, const QString& language)
{
    QStringList said;
    for (const QString& line : ScenarioLibrary::text(name).split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("say ")))
            said << line.mid(4).trimmed();
        else if (language != QLatin1String("en") &&
                 line.startsWith(QStringLiteral("say.%1 ").arg(language)))
            said.last() = line.section(QLatin1Char(' '), 1).trimmed();
    }
    return said;
}

// The process's resident memory now (VmRSS), in kB; 0 when it has ended.
qint64 residentKb(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    return 0;
}

int pdfPages(const QByteArray& pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?!s)"));
    return int(QString::fromLatin1(pdf).count(page));
}

// Every character the PDF's fonts map to Unicode (their ToUnicode tables): what its text is
// drawn with. The PDF has no text layer to grep; a character not here was not drawn.
QString pdfCharacters(const QByteArray& pdf)
{
    QString characters;
    static const QRegularExpression hex(QStringLiteral("<([0-9A-Fa-f]+)>"));
    for (qsizetype at = pdf.indexOf("stream\n"); at >= 0; at = pdf.indexOf("stream\n", at + 1)) {
        if (at >= 3 && pdf.mid(at - 3, 3) == "end")
            continue; // "endstream"
        const qsizetype start = at + 7;
        const qsizetype end = pdf.indexOf("endstream", start);
        if (end < 0)
            break;
        const QByteArray data = pdf.mid(start, end - start);
        const QByteArray head = pdf.mid(0, at);
        const bool deflated = head.mid(head.lastIndexOf(" obj")).contains("/FlateDecode");
        QByteArray sized(4, '\0');
        qToBigEndian(quint32(data.size() * 64 + 4096), sized.data());
        const QString text = QString::fromLatin1(deflated ? qUncompress(sized + data) : data);
        if (!text.contains(QLatin1String("beginbfrange")) &&
            !text.contains(QLatin1String("beginbfchar")))
            continue;
        // The second and later hex strings of each mapping line are UTF-16 code units.
        for (const QString& line : text.split(QLatin1Char('\n'))) {
            auto it = hex.globalMatch(line);
            for (int i = 0; it.hasNext(); ++i) {
                const QString digits = it.next().captured(1);
                if (i == 0 || (i == 1 && line.contains(QLatin1Char('['))) || digits.size() % 4)
                    continue;
                for (qsizetype d = 0; d < digits.size(); d += 4)
                    characters += QChar(char16_t(digits.mid(d, 4).toUInt(nullptr, 16)));
            }
            // A range <a> <b> <c> maps a..b to c, c+1, ...
            static const QRegularExpression range(
                QStringLiteral("^<([0-9A-Fa-f]+)> <([0-9A-Fa-f]+)> <([0-9A-Fa-f]{4})>$"));
            if (const auto m = range.match(line.trimmed()); m.hasMatch()) {
                const uint count =
                    m.captured(2).toUInt(nullptr, 16) - m.captured(1).toUInt(nullptr, 16);
                const uint first = m.captured(3).toUInt(nullptr, 16);
                for (uint c = 1; c <= count; ++c)
                    characters += QChar(char16_t(first + c));
            }
        }
    }
    return characters;
}

// A character a CJK radical or compatibility ideograph (⼯ for 工): what a deck's text copied
// as, before its ToUnicode maps were written with the real characters.
bool isRadical(QChar c)
{
    const ushort u = c.unicode();
    return (u >= 0x2E80 && u <= 0x2FDF) || (u >= 0xF900 && u <= 0xFAFF);
}

// The sections of an HTML deck: each slide's narration and picture.
struct HtmlSlide
{
    QString narration;
    QString title;
    QImage picture;
};

QList<HtmlSlide> htmlSlides(const QByteArray& html)
{
    QList<HtmlSlide> slides;
    const QString text = QString::fromUtf8(html);
    static const QRegularExpression section(
        QStringLiteral("<section class=\"slide\" id=\"slide-\\d+\">(.*?)</section>"),
        QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression narration(QStringLiteral("<p class=\"narration\">(.*?)</p>"));
    static const QRegularExpression title(QStringLiteral("<h2>(.*?)</h2>"));
    static const QRegularExpression image(QStringLiteral("src=\"data:image/png;base64,([^\"]+)\""));
    for (auto it = section.globalMatch(text); it.hasNext();) {
        const QString body = it.next().captured(1);
        HtmlSlide s;
        s.narration = narration.match(body).captured(1);
        s.title = title.match(body).captured(1);
        s.picture.loadFromData(QByteArray::fromBase64(image.match(body).captured(1).toLatin1()),
                               "PNG");
        slides << s;
    }
    return slides;
}

} // namespace

class TestSlides : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    Result slides(const QStringList& args)
    {
        return run(QStringList{QStringLiteral("--no-record")} + args, 120000, m_dir.path());
    }

private slots:
    void deckOfABuiltin_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("language");
        for (const char* format : {"pdf", "html"})
            for (const char* language : {"en", "zh_CN"})
                QTest::addRow("%s %s", format, language)
                    << QString::fromLatin1(format) << QString::fromLatin1(language);
    }

    // A page per caption, each with its narration in the language asked for; made in well
    // under a minute.
    void deckOfABuiltin()
    {
        QFETCH(QString, format);
        QFETCH(QString, language);
        const QString deck = path(QStringLiteral("%1-%2.%3").arg(Builtin, language, format));
        const Result r = slides({QStringLiteral("--slides"), QStringLiteral("builtin:") + Builtin,
                                 QStringLiteral("--to"), deck, QStringLiteral("--language"),
                                 language, QStringLiteral("--large")});
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QVERIFY2(r.ms < 60000, qPrintable(QStringLiteral("%1 ms").arg(r.ms)));
        const QStringList said = captions(Builtin, language.left(2));
        QCOMPARE(said.size(), 2);
        // A title page, a page per caption, the verdict's page.
        const int pages = int(said.size()) + 2;
        // What it says is said in the language asked for too.
        const QString written = language == QLatin1String("en")
                                    ? QStringLiteral("%1: %2 slide(s) written")
                                    : QStringLiteral("%1：已写入 %2 张幻灯片");
        QVERIFY2(r.out.contains(written.arg(deck).arg(pages).toUtf8()), r.out.constData());
        const QByteArray bytes = readAll(deck);
        if (format == QLatin1String("pdf")) {
            QVERIFY(bytes.startsWith("%PDF-"));
            QCOMPARE(pdfPages(bytes), pages);
            // Each language in its own face: Simplified Chinese forms for zh_CN.
            if (language == QLatin1String("zh_CN")) {
                QVERIFY(bytes.contains("NotoSansCJKsc"));
                QVERIFY(!bytes.contains("NotoSansCJKjp"));
            }
            const QString drawn = pdfCharacters(bytes);
            for (const QString& caption : said) {
                for (const QChar c : caption)
                    QVERIFY2(c.isSpace() || drawn.contains(c),
                             qPrintable(QStringLiteral("'%1' of \"%2\" is not in the PDF")
                                            .arg(QString(c), caption)));
            }
            // Copied text is the real characters, not the radicals that share their glyphs.
            for (const QChar c : drawn)
                QVERIFY2(
                    !isRadical(c),
                    qPrintable(QStringLiteral("U+%1 in the PDF's text").arg(c.unicode(), 4, 16)));
        } else {
            QVERIFY(bytes.startsWith("<!DOCTYPE html>"));
            QVERIFY(!bytes.contains("http://") && !bytes.contains("https://")); // stands alone
            const QList<HtmlSlide> shown = htmlSlides(bytes);
            QCOMPARE(shown.size(), said.size());
            for (qsizetype i = 0; i < shown.size(); ++i) {
                QCOMPARE(shown[i].narration, said[i].toHtmlEscaped());
                QCOMPARE(shown[i].picture.size(), QSize(1280, 720));
            }
            QVERIFY(bytes.contains("<section class=\"title\" id=\"title\">"));
            QVERIFY(bytes.contains("<section class=\"summary\" id=\"summary\">"));
        }
    }

    // `snapshot` adds a page where it stands, with its title; one before any caption has
    // no narration.
    void snapshotLinesAddPages()
    {
        const QString rls =
            writeFile(path(QStringLiteral("story.rls")), "# A short story\n"
                                                         "seed 3\n"
                                                         "defaults work=100 think=50\n"
                                                         "snapshot\n"
                                                         "client add C1\n"
                                                         "wait C1 in-section 10000\n"
                                                         "say C1 holds the lock.\n"
                                                         "say.zh C1 持有锁。\n"
                                                         "snapshot \"Still C1\"\n"
                                                         // C2 takes over: C1 stops first, so
                                                         // C2's turn is not a race
                                                         "client stop C1\n"
                                                         "client add C2\n"
                                                         "wait until acquired(C2) 10000\n"
                                                         "say Now C2 has it.\n"
                                                         "expect safe\n");
        const QString deck = path(QStringLiteral("story.html"));
        const Result r = slides({QStringLiteral("--slides"), rls, QStringLiteral("--to"), deck,
                                 QStringLiteral("--language"), QStringLiteral("zh_CN")});
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        const QList<HtmlSlide> pages = htmlSlides(readAll(deck));
        QCOMPARE(pages.size(), 4); // 2 captions + 2 snapshots
        QCOMPARE(pages[0].narration, QString());
        QCOMPARE(pages[0].title, QString());
        QCOMPARE(pages[1].narration, QStringLiteral("C1 持有锁。"));
        QCOMPARE(pages[2].title, QStringLiteral("Still C1"));
        QCOMPARE(pages[2].narration, QStringLiteral("C1 持有锁。"));
        QCOMPARE(pages[3].narration, QStringLiteral("Now C2 has it.")); // no say.zh: English
        QVERIFY(readAll(deck).contains("<title>A short story</title>"));
        QVERIFY(readAll(deck).contains("<html lang=\"zh-CN\">"));
    }

    // --size: the stage and the pages that many pixels (a full-HD projector's), with the
    // title page first and the verdict and the counts last.
    void aDeckForAFullHdProjector()
    {
        const QString deck = path(QStringLiteral("hd.html"));
        const Result r = slides({QStringLiteral("--slides"), QStringLiteral("builtin:") + Builtin,
                                 QStringLiteral("--to"), deck, QStringLiteral("--size"),
                                 QStringLiteral("1920x1080")});
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        const QByteArray bytes = readAll(deck);
        const QList<HtmlSlide> shown = htmlSlides(bytes);
        QCOMPARE(shown.size(), 2);
        for (const HtmlSlide& slide : shown)
            QCOMPARE(slide.picture.size(), QSize(1920, 1080));
        const QString html = QString::fromUtf8(bytes);
        const qsizetype title = html.indexOf(QLatin1String("<section class=\"title\""));
        const qsizetype first = html.indexOf(QLatin1String("<section class=\"slide\""));
        const qsizetype summary = html.indexOf(QLatin1String("<section class=\"summary\""));
        QVERIFY(title >= 0 && title < first && first < summary);
        // The verdict the checker gave, and the counts a class asks about.
        QVERIFY2(html.mid(summary).contains(QLatin1String("DATA DAMAGED")),
                 qPrintable(html.mid(summary)));
        QVERIFY(html.mid(summary).contains(QLatin1String("lost updates")));
        // The class reads no internal names.
        QVERIFY(!html.contains(QLatin1String("Seed 000")));
        QVERIFY(!html.contains(QLatin1String("builtin:")));
    }

    // No built-in tells a class about "the seed" (the project's source texts), in any language.
    void noInternalNamesInTheCaptions()
    {
        for (const QString& name : ScenarioLibrary::names()) {
            const QString text = ScenarioLibrary::text(name);
            for (const QString& line : text.split(QLatin1Char('\n'))) {
                if (!line.startsWith(QLatin1String("say")))
                    continue;
                QVERIFY2(!line.contains(QLatin1String("Seed 000")) &&
                             !line.contains(QLatin1String("seed's")) &&
                             !line.contains(QStringLiteral("种子文章")),
                         qPrintable(name + QStringLiteral(": ") + line));
            }
        }
    }

    // A deck is written as it is made: a page's picture is not kept once drawn. 120 `snapshot`
    // lines kept as pictures took 120 × 3.7 MB; streamed, the process stays far below.
    void pagesAreStreamedNotKept()
    {
        QByteArray rls = "# Many pages\nseed 3\ndefaults work=100 think=50\nclient add C1\n";
        for (int i = 0; i < 120; ++i)
            rls += "snapshot\n";
        rls += "expect safe\n";
        const QString file = writeFile(path(QStringLiteral("many.rls")), rls);
        const QString deck = path(QStringLiteral("many.pdf"));
        QProcess p;
        p.setProcessEnvironment(environment(m_dir.path()));
        p.start(QStringLiteral(REDLOCKSCOPE_BINARY),
                {QStringLiteral("--no-record"), QStringLiteral("--slides"), file,
                 QStringLiteral("--to"), deck});
        QVERIFY(p.waitForStarted());
        qint64 peakKb = 0;
        QElapsedTimer clock;
        clock.start();
        while (!p.waitForFinished(100) && clock.elapsed() < 240000)
            peakKb = std::max(peakKb, residentKb(p.processId()));
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished();
            QFAIL("the deck was not made in 4 minutes");
        }
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QCOMPARE(pdfPages(readAll(deck)), 122);
#if defined(__SANITIZE_ADDRESS__)
        // ASan keeps what was freed in its quarantine (256 MB) and adds its shadow: the peak
        // says nothing of the app's own memory there (as in tst_soak). Shown, not judged.
        qInfo("peak %lld MB (under ASan: not judged)", peakKb / 1024);
#else
        QVERIFY2(peakKb > 0 && peakKb < 330 * 1024,
                 qPrintable(QStringLiteral("peak %1 MB").arg(peakKb / 1024)));
#endif
    }

    // Refused before anything plays: exit 2 in words, no file written, no node started.
    void badInputIsRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString deck = QStringLiteral("@DIR@/deck.pdf");
        QTest::newRow("unknown builtin") << QStringList{"--slides", "builtin:no-such", "--to", deck}
                                         << "no built-in scenario 'no-such'";
        QTest::newRow("malformed scenario")
            << QStringList{"--slides", "@DIR@/bad.rls", "--to", deck} << "bad.rls:2:12: ";
        QTest::newRow("malformed snapshot")
            << QStringList{"--slides", "@DIR@/badsnapshot.rls", "--to", deck}
            << "badsnapshot.rls:1:10: a snapshot's title goes in double quotes";
        QTest::newRow("unknown extension")
            << QStringList{"--slides", "builtin:gc-pause", "--to", "@DIR@/deck.pptx"}
            << "the file name must end in .pdf or .html";
        QTest::newRow("no folder")
            << QStringList{"--slides", "builtin:gc-pause", "--to", "@DIR@/none/deck.pdf"}
            << "does not exist";
        QTest::newRow("a folder") << QStringList{"--slides", "builtin:gc-pause", "--to",
                                                 "@DIR@/folder.pdf"}
                                  << "is a folder";
        QTest::newRow("a FIFO") << QStringList{"--slides", "builtin:gc-pause", "--to",
                                               "@DIR@/fifo.pdf"}
                                << "is a FIFO (named pipe), not a regular file";
        QTest::newRow("the scenario itself")
            << QStringList{"--slides", "@DIR@/bad.html", "--to", "@DIR@/bad.html"}
            << "is the file this run reads";
        QTest::newRow("nothing to show")
            << QStringList{"--slides", "@DIR@/quiet.rls", "--to", deck}
            << "quiet.rls: no `say` and no `snapshot` line, so no slide to take";
        QTest::newRow("no --to") << QStringList{"--slides", "builtin:gc-pause"}
                                 << "--slides needs --to FILE";
        QTest::newRow("no scenario")
            << QStringList{"--slides=", "--to", deck} << "--slides needs a scenario";
        QTest::newRow("headless") << QStringList{"--slides", "builtin:gc-pause", "--to", deck,
                                                 "--headless"}
                                  << "--headless does not go with it";
        QTest::newRow("two decks")
            << QStringList{"--slides", "builtin:gc-pause", "--slides", "builtin:clock-jump", "--to",
                           deck}
            << "--slides given 2 times";
        QTest::newRow("a size that is none")
            << QStringList{"--slides", "builtin:gc-pause", "--to", deck, "--size", "big"}
            << "--size must be WIDTHxHEIGHT";
        QTest::newRow("another scenario")
            << QStringList{"--slides", "builtin:gc-pause", "--to",
                           deck,       "--scenario",       "builtin:gc-pause"}
            << "--scenario does not go with it";
    }

    void badInputIsRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        writeFile(path(QStringLiteral("bad.rls")), "client add C1\nnode pause 9\n");
        writeFile(path(QStringLiteral("bad.html")), "say hello\n");
        writeFile(path(QStringLiteral("badsnapshot.rls")), "snapshot two holders\n");
        writeFile(path(QStringLiteral("quiet.rls")), "client add C1\nsleep 100\n");
        QDir(m_dir.path()).mkpath(QStringLiteral("folder.pdf"));
        const QByteArray fifo = QFile::encodeName(path(QStringLiteral("fifo.pdf")));
        QVERIFY(QFile::exists(path(QStringLiteral("fifo.pdf"))) ||
                ::mkfifo(fifo.constData(), 0600) == 0);
        for (QString& a : args)
            a.replace(QLatin1String("@DIR@"), m_dir.path());
        const Result r = slides(args);
        QVERIFY2(r.exitCode == 2,
                 qPrintable(
                     QStringLiteral("exit %1: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err))));
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QVERIFY2(r.ms < 15000, qPrintable(QStringLiteral("%1 ms").arg(r.ms))); // never hangs
        QVERIFY(!QFile::exists(path(QStringLiteral("deck.pdf"))));
        QVERIFY(QFile::exists(path(QStringLiteral("bad.html")))); // the input is untouched
        QCOMPARE(readAll(path(QStringLiteral("bad.html"))), QByteArray("say hello\n"));
    }

    // A signal while it plays: exit 3 within a second, no deck, its nodes gone.
    void aSignalWritesNothing()
    {
        const QString deck = path(QStringLiteral("interrupted.pdf"));
        const Signalled s = signalWhen(
            {QStringLiteral("--no-record"), QStringLiteral("--slides"),
             QStringLiteral("builtin:gc-pause"), QStringLiteral("--to"), deck},
            SIGTERM, [](QProcess&, const QByteArray& out) { return out.contains("slide 1 at"); },
            m_dir.path());
        // The deadline is 0.8 s, and the bound is the point (not when the scenario would have
        // ended); the rest is room for two busy cores under the sanitizers to wake the watchdog
        // and end the process, as tst_interrupts allows.
        QVERIFY2(s.endMs >= 0 && s.endMs < 3000, qPrintable(QString::number(s.endMs)));
        QCOMPARE(s.result.exitCode, 3);
        QVERIFY2(s.result.err.contains("interrupted by SIGTERM: no slides written (1 taken)"),
                 s.result.err.constData());
        QVERIFY(!QFile::exists(deck));
        QVERIFY(!s.nodes.isEmpty());
        for (qint64 node : s.nodes)
            QTRY_VERIFY_WITH_TIMEOUT(!alive(node), 30000); // a bound for a hang only
    }
};

QTEST_GUILESS_MAIN(TestSlides)
#include "tst_slides.moc"
