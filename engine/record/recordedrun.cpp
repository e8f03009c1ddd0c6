// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/recordedrun.h"

#include "record/runreader.h"

#include <QCoreApplication>
#include <QLocale>

QString RecordedRun::readProblems() const
{
    QStringList parts;
    if (cutOff)
        parts << QCoreApplication::translate("RecordedRun",
                                             "the last line was cut off (the app stopped while "
                                             "writing it) and was skipped");
    const quint64 bad = skippedLines - (cutOff ? 1 : 0);
    if (bad > 0)
        parts << QCoreApplication::translate("RecordedRun", "%1 unreadable line(s) skipped (%2)")
                     .arg(QLocale().toString(bad), problems.join(QStringLiteral("; ")));
    if (cutTexts > 0)
        parts << QCoreApplication::translate("RecordedRun",
                                             "%1 text(s) longer than %2 characters were cut")
                     .arg(QLocale().toString(cutTexts),
                          QLocale().toString(RunReader::MaxTextChars));
    if (reordered)
        parts << QCoreApplication::translate("RecordedRun",
                                             "events were out of time order and were sorted");
    if (!headerWarning.isEmpty())
        parts << headerWarning;
    return parts.join(QStringLiteral("; "));
}

QString RecordedRun::summary() const
{
    QString text = QCoreApplication::translate("RecordedRun", "%1 events over %2 s")
                       .arg(QLocale().toString(qulonglong(events.size())))
                       .arg((endUs() - startUs()) / 1e6, 0, 'f', 1);
    const QString problems = readProblems();
    if (!problems.isEmpty())
        text += QStringLiteral("; ") + problems;
    return text;
}
