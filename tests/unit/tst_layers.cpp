// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's folders are layers (HACKING.md, "Layout"; docs/architecture.md, "Layers"):
// engine/CMakeLists.txt declares them bottom up (its redlock_layer() calls, written out by the
// build as engine-layers.txt beside this test), and a file may include only its own folder and
// the folders below it. The build enforces the same order (each layer's include path holds
// only what lies below); this test says which line is at fault and finds a cycle between
// folders even where the build would not (a header-only edge).
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <functional>

namespace {

QDir sourceRoot()
{
    return QDir(QStringLiteral(QT_TESTCASE_SOURCEDIR "/.."));
}

// The engine folders in the order engine/CMakeLists.txt declares them, bottom up: one name a
// line, as tests/CMakeLists.txt writes them.
QStringList declaredOrder(const QString& layersText)
{
    static const QRegularExpression name(QStringLiteral("^[a-z]+$"));
    QStringList order;
    for (const QString& line : layersText.split(QLatin1Char('\n'))) {
        const QString trimmed = line.trimmed();
        if (name.match(trimmed).hasMatch())
            order << trimmed;
    }
    return order;
}

// The order of this build, or an empty list (and the reason) when the file is not there.
QStringList buildOrder(QString* error)
{
    const QString path =
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("engine-layers.txt"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return {};
    }
    return declaredOrder(QString::fromUtf8(file.readAll()));
}

struct Include
{
    QString from;  // folder
    QString to;    // folder
    QString where; // file:line
};

// Every `#include "folder/file.h"` of engine/ that leaves its own folder.
QList<Include> crossFolderIncludes(const QDir& engine)
{
    static const QRegularExpression include(QStringLiteral("^#include \"([a-z]+)/"));
    QList<Include> found;
    for (const QString& folder : engine.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QDir dir(engine.filePath(folder));
        for (const QString& name :
             dir.entryList({QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files)) {
            QFile file(dir.filePath(name));
            if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
                continue;
            int number = 0;
            while (!file.atEnd()) {
                const QString line = QString::fromUtf8(file.readLine());
                ++number;
                const QRegularExpressionMatch m = include.match(line);
                if (m.hasMatch() && m.captured(1) != folder)
                    found.append({folder, m.captured(1),
                                  QStringLiteral("engine/%1/%2:%3").arg(folder, name).arg(number)});
            }
        }
    }
    return found;
}

// A cycle in the folder graph as "a -> b -> a", or empty.
QString findCycle(const QHash<QString, QSet<QString>>& edges)
{
    enum Mark
    {
        Unseen,
        OnPath,
        Done
    };
    QHash<QString, Mark> marks;
    QStringList path;
    std::function<QString(const QString&)> visit = [&](const QString& node) -> QString {
        marks[node] = OnPath;
        path << node;
        const auto nexts = edges.value(node);
        for (const QString& next : nexts) {
            if (marks.value(next, Unseen) == OnPath)
                return (path.mid(path.indexOf(next)) << next).join(QLatin1String(" -> "));
            if (marks.value(next, Unseen) == Unseen)
                if (const QString cycle = visit(next); !cycle.isEmpty())
                    return cycle;
        }
        path.removeLast();
        marks[node] = Done;
        return {};
    };
    for (auto it = edges.cbegin(); it != edges.cend(); ++it)
        if (marks.value(it.key(), Unseen) == Unseen)
            if (const QString cycle = visit(it.key()); !cycle.isEmpty())
                return cycle;
    return {};
}

} // namespace

class TestLayers : public QObject
{
    Q_OBJECT

private slots:
    void cmakeDeclaresEveryEngineFolderAsALayer()
    {
        QString error;
        QStringList order = buildOrder(&error);
        QVERIFY2(!order.isEmpty(), qPrintable(error));
        QCOMPARE(QSet<QString>(order.cbegin(), order.cend()).size(), order.size()); // no twice
        QStringList folders = QDir(sourceRoot().filePath(QStringLiteral("engine")))
                                  .entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        order.sort();
        folders.sort();
        QCOMPARE(order, folders);
    }

    void includesGoDownTheLayers()
    {
        QString error;
        const QStringList order = buildOrder(&error);
        QVERIFY2(!order.isEmpty(), qPrintable(error));
        QStringList against;
        for (const Include& i :
             crossFolderIncludes(QDir(sourceRoot().filePath(QStringLiteral("engine"))))) {
            if (order.indexOf(i.to) > order.indexOf(i.from) || order.indexOf(i.to) < 0)
                against << QStringLiteral("%1: %2/ includes %3/, a layer above it")
                               .arg(i.where, i.from, i.to);
        }
        QVERIFY2(against.isEmpty(), qPrintable(against.join(QLatin1Char('\n'))));
    }

    void noCycleBetweenEngineFolders()
    {
        QHash<QString, QSet<QString>> edges;
        for (const Include& i :
             crossFolderIncludes(QDir(sourceRoot().filePath(QStringLiteral("engine")))))
            edges[i.from].insert(i.to);
        const QString cycle = findCycle(edges);
        QVERIFY2(cycle.isEmpty(), qPrintable(QStringLiteral("include cycle: ") + cycle));
    }

    // The checks themselves: a back edge and a cycle are found.
    void theChecksFindWhatTheyLookFor()
    {
        QHash<QString, QSet<QString>> edges;
        edges[QStringLiteral("lock")] = {QStringLiteral("model")};
        QVERIFY(findCycle(edges).isEmpty());
        edges[QStringLiteral("model")] = {QStringLiteral("record")};
        edges[QStringLiteral("record")] = {QStringLiteral("lock")};
        QCOMPARE(findCycle(edges).count(QLatin1String("->")), 3);
        const QStringList order = declaredOrder(QStringLiteral("base\nmodel\n\nnet\n"));
        QCOMPARE(order, QStringList({QStringLiteral("base"), QStringLiteral("model"),
                                     QStringLiteral("net")}));
    }
};

QTEST_GUILESS_MAIN(TestLayers)
#include "tst_layers.moc"
