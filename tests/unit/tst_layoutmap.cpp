// SPDX-License-Identifier: GPL-3.0-or-later
// HACKING.md's Layout map against the tree and the build: every folder of engine/ and ui/ is
// named, on a line of its own, nothing is named that is not there, and the engine's folders
// are listed bottom up in the order engine/CMakeLists.txt declares its layers (written out by
// the build as engine-layers.txt beside this test). A newcomer finds any behaviour in one hop
// from it, so it must not drift.
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

namespace {

// The folders the section "## Layout" of a Markdown text names, a table row each, in order.
QStringList namedFolders(const QString& text, QString* error)
{
    const qsizetype start = text.indexOf(QLatin1String("\n## Layout\n"));
    if (start < 0) {
        *error = QStringLiteral("no section \"## Layout\"");
        return {};
    }
    const qsizetype end = text.indexOf(QLatin1String("\n## "), start + 1);
    const QString section = text.mid(start, end < 0 ? -1 : end - start);
    static const QRegularExpression folderCell(QStringLiteral("^\\| ([^|]*)\\|"));
    static const QRegularExpression quoted(QStringLiteral("`((?:engine|ui)/[^`]+)/`"));
    QStringList named;
    for (const QString& line : section.split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch cell = folderCell.match(line);
        if (!cell.hasMatch())
            continue;
        QStringList inCell;
        for (auto it = quoted.globalMatch(cell.captured(1)); it.hasNext();)
            inCell << it.next().captured(1);
        if (inCell.size() > 1) {
            *error = QStringLiteral("one folder a line: ") + line;
            return {};
        }
        named << inCell;
    }
    return named;
}

QString readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly | QIODevice::Text) ? QString::fromUtf8(file.readAll())
                                                            : QString();
}

} // namespace

class TestLayoutMap : public QObject
{
    Q_OBJECT

private slots:
    void mapNamesEveryFolderOnce()
    {
        const QDir root(QStringLiteral(QT_TESTCASE_SOURCEDIR "/.."));
        const QString text = readAll(root.filePath(QStringLiteral("HACKING.md")));
        QVERIFY(!text.isEmpty());
        QString error;
        QStringList named = namedFolders(text, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList folders;
        for (const QString& library : {QStringLiteral("engine"), QStringLiteral("ui")})
            for (const QString& sub :
                 QDir(root.filePath(library)).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                folders << library + QLatin1Char('/') + sub;
        QCOMPARE(QSet<QString>(named.cbegin(), named.cend()).size(), named.size()); // no twice
        named.sort();
        folders.sort();
        QCOMPARE(named, folders);
    }

    // The map's engine rows, top to bottom, are the build's layers, bottom up.
    void engineRowsFollowTheBuildsOrder()
    {
        const QDir root(QStringLiteral(QT_TESTCASE_SOURCEDIR "/.."));
        QString error;
        const QLatin1String engine("engine/");
        QStringList rows;
        for (const QString& folder :
             namedFolders(readAll(root.filePath(QStringLiteral("HACKING.md"))), &error))
            if (folder.startsWith(engine))
                rows << folder.mid(engine.size());
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString layers = readAll(QDir(QCoreApplication::applicationDirPath())
                                           .filePath(QStringLiteral("engine-layers.txt")));
        const QStringList order = layers.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(!order.isEmpty(), "engine-layers.txt is missing: build the test with CMake");
        QCOMPARE(rows, order);
    }

    // The reader itself: rows in order, a second folder on one line refused.
    void theMapReaderReadsRows()
    {
        QString error;
        const QStringList named = namedFolders(
            QStringLiteral("\n## Layout\n| `engine/base/` | a |\n| `ui/x/` | b |\n## Next\n"
                           "| `engine/y/` | c |\n"),
            &error);
        QCOMPARE(named, QStringList({QStringLiteral("engine/base"), QStringLiteral("ui/x")}));
        namedFolders(QStringLiteral("\n## Layout\n| `engine/a/`, `engine/b/` | a |\n"), &error);
        QVERIFY(error.startsWith(QLatin1String("one folder a line")));
    }
};

QTEST_GUILESS_MAIN(TestLayoutMap)
#include "tst_layoutmap.moc"
