// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/runreader.h"

#include "base/regularfile.h"
#include "base/safetext.h"
#include "record/runeventcodec.h"
#include "record/safetychecker.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cstring>

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("RunReader", text);
}
} // namespace

bool RunReader::isRun(const QString& path)
{
    QFile file(path);
    if (!RegularFile::refuseIrregular(path).isEmpty() || !file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray first = file.readLine(64 * 1024);
    QString error;
    QString warning;
    if (RunHeader::fromJsonLine(first, &error, &warning))
        return true;
    // Another format version is still a run: the header names the format.
    const QJsonObject header = QJsonDocument::fromJson(first).object();
    return header.value(QStringLiteral("format")) == RunHeader::FormatName;
}

std::shared_ptr<RecordedRun> RunReader::read(const QString& path, QString* error)
{
    // Looked at before it is opened: opening a FIFO would wait for a writer, and /dev/zero
    // has no size (it read as "empty").
    if (const QString irregular = RegularFile::refuseIrregular(path); !irregular.isEmpty()) {
        *error = irregular;
        return nullptr;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("cannot open %1: %2").arg(path, file.errorString());
        return nullptr;
    }
    if (file.size() == 0) {
        *error = tr("%1 is empty: no run was recorded in it").arg(path);
        return nullptr;
    }
    // Read a block at a time, not mapped: a mapped file that shrinks while it is read (a run
    // still being recorded and replaced, a file truncated by another program) ends the
    // reader with SIGBUS at the first page past the new end. A read just sees the shorter
    // file, whose last line then counts as cut off. Whole lines go to the decoder; the part
    // of a line at a block's end waits for the next block.
    QByteArray pending;
    std::shared_ptr<RecordedRun> run;
    std::unique_ptr<EventFeed> feed;
    for (;;) {
        const QByteArray block = file.read(ReadBlockBytes);
        if (block.isEmpty())
            break;
        pending.append(block);
        const qsizetype lastNewline = pending.lastIndexOf('\n');
        if (lastNewline < 0)
            continue;
        QByteArrayView whole = QByteArrayView(pending).first(lastNewline + 1);
        if (!run) {
            const qsizetype newline = whole.indexOf('\n');
            run = header(whole.first(newline), path, error);
            if (!run)
                return nullptr;
            run->events.reserve(size_t(file.size() / 100 + 16)); // about 110 bytes a line
            feed = std::make_unique<EventFeed>(run.get(), 2);
            whole = whole.sliced(newline + 1);
        }
        feed->lines(whole);
        pending.remove(0, lastNewline + 1);
    }
    if (!run) // no newline at all: the header alone, or not a run
        return parse(pending, path, error);
    feed->lastLine(pending);
    feed->finish();
    return run;
}

std::shared_ptr<RecordedRun> RunReader::header(QByteArrayView first, const QString& name,
                                               QString* error)
{
    auto run = std::make_shared<RecordedRun>();
    run->path = name;
    QString why;
    const auto header = RunHeader::fromJsonLine(first, &why, &run->headerWarning);
    if (!header) {
        *error = QStringLiteral("%1: %2").arg(name, why);
        return nullptr;
    }
    run->header = *header;
    return run;
}

std::shared_ptr<RecordedRun> RunReader::parse(QByteArrayView bytes, const QString& name,
                                              QString* error)
{
    if (bytes.trimmed().isEmpty()) {
        *error = tr("%1 is empty: no run was recorded in it").arg(name);
        return nullptr;
    }
    const qsizetype newline = bytes.indexOf('\n');
    auto run = header(newline < 0 ? bytes : bytes.first(newline), name, error);
    if (!run)
        return nullptr;
    if (newline >= 0) {
        const QByteArrayView body = bytes.sliced(newline + 1);
        run->events.reserve(size_t(body.size() / 100 + 16)); // about 110 bytes a line
        EventFeed feed(run.get(), 2);
        const qsizetype last = body.lastIndexOf('\n');
        feed.lines(body.first(last + 1));
        feed.lastLine(body.sliced(last + 1));
        feed.finish();
    }
    return run;
}

// One pass: decoded, judged (the checker's findings inserted where it finds them) and kept.
// Only a file whose events are out of time order needs a second pass, after sorting.
RunReader::EventFeed::EventFeed(RecordedRun* run, qsizetype firstLine)
    : m_run(run), m_codec(run->header.resource), m_checker(int(run->header.nodes.size())),
      m_lineNumber(firstLine)
{}

void RunReader::EventFeed::lines(QByteArrayView block)
{
    const char* p = block.data();
    const char* end = p + block.size();
    while (p < end) {
        const char* eol = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)));
        const char* lineEnd = eol ? eol : end;
        line(QByteArrayView(p, lineEnd - p), true);
        p = eol ? eol + 1 : end;
    }
}

void RunReader::EventFeed::lastLine(QByteArrayView text)
{
    if (!text.trimmed().isEmpty())
        line(text, false);
}

void RunReader::EventFeed::line(QByteArrayView text, bool complete)
{
    using K = HistoryEvent::Kind;
    const qsizetype number = m_lineNumber++;
    if (text.trimmed().isEmpty())
        return;
    if (m_codec.decode(text, &m_event, &m_error)) {
        if (m_event.kind == K::Violation || m_event.kind == K::ViolationEnd ||
            m_event.kind == K::RoundJudged)
            return; // the recorder's findings: found again, from the facts
        capText(&m_event, m_run);
        m_run->reordered = m_run->reordered || m_event.tUs < m_lastUs;
        m_lastUs = std::max(m_lastUs, m_event.tUs);
        m_found.clear();
        m_checker.feed(m_event, &m_found);
        m_run->events.push_back(std::move(m_event));
        m_run->events.insert(m_run->events.end(), m_found.cbegin(), m_found.cend());
        return;
    }
    ++m_run->skippedLines;
    if (!complete) {
        m_run->cutOff = true; // the app was killed while writing it
    } else if (m_run->problems.size() < ProblemsKept) {
        m_run->problems
            << QCoreApplication::translate("RunReader", "line %1: %2").arg(number).arg(m_error);
    }
}

void RunReader::EventFeed::finish()
{
    m_found.clear();
    m_checker.finish(&m_found); // the rounds still waiting are judged: the run ends here
    m_run->events.insert(m_run->events.end(), m_found.cbegin(), m_found.cend());
    m_run->counters = m_checker.counters();
    m_run->violations = m_checker.violations();
    if (m_run->reordered) { // judged in the wrong order: sorted, then judged again
        std::stable_sort(
            m_run->events.begin(), m_run->events.end(),
            [](const HistoryEvent& a, const HistoryEvent& b) { return a.tUs < b.tUs; });
        judge(m_run);
    }
}

// The app never writes a longer text (a narration is at most 1,000 characters, a command line
// 2,000); a file that holds one was made elsewhere, and one 50 MB narration would cost every
// view and export of the run seconds and gigabytes. Cut where it enters, and counted.
void RunReader::capText(HistoryEvent* event, RecordedRun* run)
{
    if (event->text.size() <= MaxTextChars && event->note.size() <= MaxTextChars)
        return;
    event->text = SafeText::capped(event->text, MaxTextChars);
    event->note = SafeText::capped(event->note, MaxTextChars);
    ++run->cutTexts;
}

void RunReader::judge(RecordedRun* run)
{
    using K = HistoryEvent::Kind;
    SafetyChecker checker(int(run->header.nodes.size()));
    std::vector<HistoryEvent> judged;
    judged.reserve(run->events.size());
    QList<HistoryEvent> found;
    for (HistoryEvent& e : run->events) {
        if (e.kind == K::Violation || e.kind == K::ViolationEnd || e.kind == K::RoundJudged)
            continue; // the recorder's findings: found again below, from the facts
        found.clear();
        checker.feed(e, &found);
        judged.push_back(std::move(e));
        for (const HistoryEvent& v : std::as_const(found))
            judged.push_back(v);
    }
    found.clear();
    checker.finish(&found);
    judged.insert(judged.end(), found.cbegin(), found.cend());
    run->events = std::move(judged);
    run->counters = checker.counters();
    run->violations = checker.violations();
}
