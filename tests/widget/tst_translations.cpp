// SPDX-License-Identifier: GPL-3.0-or-later
// The Chinese and Japanese translations are complete: lupdate is run over the same sources
// as the build (into a copy of each .ts), and every message must then have a finished
// translation that keeps the source's placeholders. A string added to the code without
// its translations, or left unfinished in Qt Linguist, fails here. The compiled .qm files
// are in the program, and installing a language changes the window's words.

#include "settings/languages.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Message
{
    QString context;
    QString source;
    QStringList translations; // one, or the numerus forms
    bool unfinished = false;
};

QList<Message> readTs(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message m;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == QLatin1String("message"))
            messages.append(std::exchange(m, {}));
        if (!xml.isStartElement())
            continue;
        const QString name = xml.name().toString();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            m.context = context;
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            m.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            const auto type = xml.attributes().value(QLatin1String("type"));
            m.unfinished = !type.isEmpty(); // unfinished, vanished or obsolete
            if (!numerus)                   // a numerus message has its forms as children
                m.translations << xml.readElementText();
        } else if (name == QLatin1String("numerusform")) {
            m.translations << xml.readElementText();
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

QStringList placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("%(L?[0-9]|n)"));
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    found.sort();
    return found;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void complete_data()
    {
        QTest::addColumn<QString>("ts");
        for (const QString& ts : QStringLiteral(TS_FILES).split(QLatin1Char('|')))
            QTest::newRow(qPrintable(ts.section(QLatin1Char('/'), -1))) << ts;
    }

    void complete()
    {
        QFETCH(QString, ts);
        QTemporaryDir dir;
        const QString copy = dir.filePath(ts.section(QLatin1Char('/'), -1));
        QVERIFY(QFile::copy(ts, copy));
        QStringList args{QStringLiteral("@") + QStringLiteral(TRANSLATABLE_SOURCES_FILE)};
        for (const QString& include : QStringLiteral(INCLUDE_DIRS).split(QLatin1Char('|')))
            args << QStringLiteral("-I") << include;
        args << QStringLiteral(LUPDATE_OPTIONS).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        args << QStringLiteral("-ts") << copy;
        QProcess lupdate;
        lupdate.start(QStringLiteral(LUPDATE_BINARY), args);
        QVERIFY(lupdate.waitForFinished(120000));
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());

        QString error;
        const QList<Message> messages = readTs(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() > 500);
        QStringList problems;
        for (const Message& m : messages) {
            const QString where = m.context + QStringLiteral(": \"") + m.source + QLatin1Char('"');
            if (m.unfinished || m.translations.isEmpty()) {
                problems << QStringLiteral("untranslated ") + where;
                continue;
            }
            for (const QString& t : m.translations) {
                if (t.trimmed().isEmpty())
                    problems << QStringLiteral("empty ") + where;
                else if (placeholders(t) != placeholders(m.source))
                    problems << QStringLiteral("placeholders differ in ") + where + " → " + t;
            }
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 problem(s) in %2 (run `cmake --build build "
                                           "--target update_translations` and translate):\n%3")
                                .arg(problems.size())
                                .arg(ts, problems.mid(0, 20).join(QLatin1Char('\n')))));
    }

    // The words the class sees, as the Chinese and Japanese texts on Redlock say them
    // (docs/sources.md, "The project's source texts"), from the compiled-in translations.
    void installedLanguageSpeaks()
    {
        QCOMPARE(Languages::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(QCoreApplication::translate("ClientSettingField", "Fencing tokens"),
                 QStringLiteral("栅栏令牌"));
        QCOMPARE(QCoreApplication::translate("EnumText", "no quorum"),
                 QStringLiteral("未达法定人数"));
        QCOMPARE(Languages::install(QStringLiteral("ja")), QStringLiteral("ja"));
        QCOMPARE(QCoreApplication::translate("ClientSettingField", "Fencing tokens"),
                 QStringLiteral("フェンシングトークン"));
        QCOMPARE(QCoreApplication::translate("EnumText", "no quorum"),
                 QStringLiteral("過半数に届かず"));
        QCOMPARE(
            QCoreApplication::translate("EventText", "%1 released %2 on %n node(s)", nullptr, 3),
            QStringLiteral("%1 が 3 個のノードで %2 を解放"));
        Languages::install(QStringLiteral("en"));
        QCOMPARE(QCoreApplication::translate("EnumText", "no quorum"), QStringLiteral("no quorum"));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
