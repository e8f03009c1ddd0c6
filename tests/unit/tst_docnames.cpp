// SPDX-License-Identifier: GPL-3.0-or-later
// The docs name the code as it is: every `Class::member` in README.md, HACKING.md and docs/
// (backquoted, with or without its arguments) names a class, struct, enum or namespace of the
// project's sources that has that member. A rename that leaves a page behind fails here
// (docs/architecture.md named QuorumView::setResources long after it became setSnapshot).
// Qt's and the standard library's names are not the project's: they are left out.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

namespace {

QString sourceRoot()
{
    return QDir::cleanPath(QStringLiteral(QT_TESTCASE_SOURCEDIR "/.."));
}

QString readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly | QIODevice::Text) ? QString::fromUtf8(file.readAll())
                                                            : QString();
}

// Every .h and .cpp of the program and the tests' support, by path (not the tests: this one
// names a stale member on purpose).
QHash<QString, QString> sources()
{
    QHash<QString, QString> all;
    for (const char* folder : {"engine", "ui", "app", "tests/support"}) {
        QDirIterator it(sourceRoot() + QLatin1Char('/') + QLatin1String(folder),
                        {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            all.insert(path, readAll(path));
        }
    }
    return all;
}

QStringList pages()
{
    QStringList paths{sourceRoot() + QStringLiteral("/README.md"),
                      sourceRoot() + QStringLiteral("/HACKING.md")};
    QDirIterator it(sourceRoot() + QStringLiteral("/docs"), {QStringLiteral("*.md")}, QDir::Files);
    while (it.hasNext())
        paths << it.next();
    return paths;
}

bool isForeign(const QString& name)
{
    static const QRegularExpression qt(QStringLiteral("^Q[A-Z]"));
    return qt.match(name).hasMatch() || name == QLatin1String("Qt") || name == QLatin1String("std");
}

// `owner::member` is the project's when some file uses it so, or when a file declares `owner`
// (a class, struct, enum or namespace) and names `member` too.
bool resolves(const QHash<QString, QString>& code, const QString& owner, const QString& member)
{
    const QRegularExpression used(
        QStringLiteral("\\b%1::%2\\b")
            .arg(QRegularExpression::escape(owner), QRegularExpression::escape(member)));
    const QRegularExpression declared(
        QStringLiteral("\\b(class|struct|enum class|enum|namespace)\\s+%1\\b[^;]")
            .arg(QRegularExpression::escape(owner)));
    const QRegularExpression named(
        QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(member)));
    for (const QString& text : code) {
        if (used.match(text).hasMatch())
            return true;
        if (declared.match(text).hasMatch() && named.match(text).hasMatch())
            return true;
    }
    return false;
}

} // namespace

class TestDocNames : public QObject
{
    Q_OBJECT

private slots:
    void everyNamedMemberExists()
    {
        const QHash<QString, QString> code = sources();
        QVERIFY(code.size() > 100);
        static const QRegularExpression name(
            QStringLiteral("`([A-Z][A-Za-z0-9_]*)::(~?[A-Za-z_][A-Za-z0-9_]*)(\\([^`]*\\))?`"));
        int checked = 0;
        QStringList missing;
        for (const QString& page : pages()) {
            const QString text = readAll(page);
            QVERIFY2(!text.isEmpty(), qPrintable(page));
            for (auto it = name.globalMatch(text); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                if (isForeign(m.captured(1)))
                    continue;
                ++checked;
                if (!resolves(code, m.captured(1), m.captured(2).remove(QLatin1Char('~'))))
                    missing << QStringLiteral("%1: %2::%3")
                                   .arg(QDir(sourceRoot()).relativeFilePath(page), m.captured(1),
                                        m.captured(2));
            }
        }
        QVERIFY2(checked > 50, qPrintable(QString::number(checked)));
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral("; "))));
    }
};

QTEST_GUILESS_MAIN(TestDocNames)
#include "tst_docnames.moc"
