// SPDX-License-Identifier: GPL-3.0-or-later
// The README's Layout map against the tree: every folder of engine/ and ui/ is named, on a
// line of its own, and nothing is named that is not there. A newcomer finds any behaviour
// in one hop from it, so it must not drift.
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

class TestReadmeLayout : public QObject
{
    Q_OBJECT

private slots:
    void mapNamesEveryFolderOnce()
    {
        const QDir root(QStringLiteral(QT_TESTCASE_SOURCEDIR "/.."));
        QFile readme(root.filePath(QStringLiteral("README.md")));
        QVERIFY(readme.open(QIODevice::ReadOnly | QIODevice::Text));
        const QString text = QString::fromUtf8(readme.readAll());
        const qsizetype start = text.indexOf(QLatin1String("\n## Layout\n"));
        QVERIFY(start >= 0);
        const qsizetype end = text.indexOf(QLatin1String("\n## "), start + 1);
        const QString section = text.mid(start, end - start);

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
            QVERIFY2(inCell.size() <= 1, qPrintable(QStringLiteral("one folder a line: ") + line));
            named << inCell;
        }
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
};

QTEST_GUILESS_MAIN(TestReadmeLayout)
#include "tst_readmelayout.moc"
