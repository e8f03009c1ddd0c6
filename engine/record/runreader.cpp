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
    // Mapped, not read: the pages come straight from the page cache.
    const uchar* data = file.map(0, file.size());
    if (!data) {
        const QByteArray bytes = file.readAll();
        return parse(bytes, path, error);
    }
    auto run = parse(QByteArrayView(data, file.size()), path, error);
    file.unmap(const_cast<uchar*>(data));
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
    const QByteArrayView first = newline < 0 ? bytes : bytes.first(newline);
    auto run = std::make_shared<RecordedRun>();
    run->path = name;
    QString why;
    const auto header = RunHeader::fromJsonLine(first, &why, &run->headerWarning);
    if (!header) {
        *error = QStringLiteral("%1: %2").arg(name, why);
        return nullptr;
    }
    run->header = *header;
    if (newline >= 0)
        readEvents(bytes.sliced(newline + 1), 2, run.get());
    return run;
}

// One pass: decoded, judged (the checker's findings inserted where it finds them) and kept.
// Only a file whose events are out of time order needs a second pass, after sorting.
void RunReader::readEvents(QByteArrayView body, qsizetype firstLine, RecordedRun* run)
{
    using K = HistoryEvent::Kind;
    const RunEventCodec codec(run->header.resource);
    SafetyChecker checker(int(run->header.nodes.size()));
    QList<HistoryEvent> found;
    qint64 lastUs = 0;
    // About 110 bytes a line: reserve once instead of growing 20 times.
    run->events.reserve(size_t(body.size() / 100 + 16));
    const char* p = body.data();
    const char* end = p + body.size();
    qsizetype lineNumber = firstLine;
    QString error;
    HistoryEvent event;
    for (; p < end; ++lineNumber) {
        const char* eol = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)));
        const bool complete = eol != nullptr;
        const QByteArrayView line(p, (complete ? eol : end) - p);
        p = complete ? eol + 1 : end;
        if (line.trimmed().isEmpty())
            continue;
        if (codec.decode(line, &event, &error)) {
            if (event.kind == K::Violation || event.kind == K::ViolationEnd ||
                event.kind == K::RoundJudged)
                continue; // the recorder's findings: found again, from the facts
            capText(&event, run);
            run->reordered = run->reordered || event.tUs < lastUs;
            lastUs = std::max(lastUs, event.tUs);
            found.clear();
            checker.feed(event, &found);
            run->events.push_back(std::move(event));
            run->events.insert(run->events.end(), found.cbegin(), found.cend());
            continue;
        }
        ++run->skippedLines;
        if (!complete) {
            run->cutOff = true; // the app was killed while writing it
        } else if (run->problems.size() < ProblemsKept) {
            run->problems << tr("line %1: %2").arg(lineNumber).arg(error);
        }
    }
    found.clear();
    checker.finish(&found);
    run->events.insert(run->events.end(), found.cbegin(), found.cend());
    run->counters = checker.counters();
    run->violations = checker.violations();
    if (run->reordered) { // judged in the wrong order: sorted, then judged again
        std::stable_sort(
            run->events.begin(), run->events.end(),
            [](const HistoryEvent& a, const HistoryEvent& b) { return a.tUs < b.tUs; });
        judge(run);
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
