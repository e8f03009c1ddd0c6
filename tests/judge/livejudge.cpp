// SPDX-License-Identifier: GPL-3.0-or-later
// The live checker over run files, for the reference judge to be compared with (tests/judge/,
// docs/domain.md, "Two judges"): each run file given (or each *.jsonl in a folder given) is read
// as the app reads it (RunReader) and judged by a fresh SafetyChecker, and one JSON line is
// printed per file, in the reference judge's form:
//
//     {"file": PATH, "counters": {NAME: N, ...}, "clients": {"ID": {NAME: N, ...}, ...},
//      "rounds": [[CLIENT, ID, SINCE, REASON, HOLDER OR VOTERS OR -1], ...]}
//
// or {"file": PATH, "error": WHY} for a file that is not a run.
#include "base/enumnames.h"
#include "model/checkcounters.h"
#include "record/runreader.h"
#include "record/safetychecker.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <cstdio>

namespace {

QJsonObject countersJson(const CheckCounters& c)
{
    QJsonObject o;
    const QList<CheckCounters::Name> names = CheckCounters::all();
    for (CheckCounters::Name name : names)
        o.insert(CheckCounters::nameOf(name), c.value(name));
    return o;
}

QJsonObject judge(const QString& path)
{
    QJsonObject out{{QStringLiteral("file"), path}};
    QString error;
    const std::shared_ptr<RecordedRun> run = RunReader::read(path, &error);
    if (!run) {
        out.insert(QStringLiteral("error"), error);
        return out;
    }
    // The reader judged it already; a fresh checker again, for the counters per client.
    SafetyChecker checker(int(run->header.nodes.size()));
    QList<HistoryEvent> found;
    QSet<int> clients;
    QJsonArray rounds;
    const auto collect = [&] {
        for (const HistoryEvent& e : std::as_const(found))
            if (e.kind == HistoryEvent::Kind::RoundJudged)
                rounds.append(QJsonArray{e.client, qint64(e.op), e.sinceUs,
                                         EnumNames::name(e.failReason()), e.previous});
        found.clear();
    };
    for (const HistoryEvent& recorded : run->events) {
        HistoryEvent e = recorded; // the checker may judge its fail reason
        if (e.client >= 0)
            clients.insert(e.client);
        checker.feed(e, &found);
        collect();
    }
    checker.finish(&found);
    collect();
    if (checker.counters() != run->counters)
        out.insert(QStringLiteral("error"),
                   QStringLiteral("the reader's counters and a second pass differ"));
    QJsonObject perClient;
    for (int client : std::as_const(clients)) {
        const CheckCounters c = checker.counters(client);
        if (c != CheckCounters())
            perClient.insert(QString::number(client), countersJson(c));
    }
    out.insert(QStringLiteral("counters"), countersJson(checker.counters()));
    out.insert(QStringLiteral("clients"), perClient);
    out.insert(QStringLiteral("rounds"), rounds);
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList files;
    const QStringList args = app.arguments().mid(1);
    for (const QString& arg : args) {
        const QFileInfo info(arg);
        if (info.isDir()) {
            const QDir dir(arg);
            const QStringList names =
                dir.entryList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name);
            for (const QString& name : names)
                files << dir.filePath(name);
        } else {
            files << arg;
        }
    }
    if (files.isEmpty()) {
        fprintf(stderr, "usage: livejudge RUN.jsonl|FOLDER ...\n");
        return 2;
    }
    for (const QString& file : std::as_const(files)) {
        const QByteArray line = QJsonDocument(judge(file)).toJson(QJsonDocument::Compact);
        fprintf(stdout, "%s\n", line.constData());
    }
    fflush(stdout);
    return 0;
}
