// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/processfolder.h"

#include "base/hardstop.h"

#include <QCoreApplication>
#include <QDir>
#include <QMutex>
#include <QRegularExpression>
#include <QSet>

#include <cerrno>
#include <csignal>
#include <limits>
#include <unistd.h>

namespace {
// The leftovers of a prefix are looked for once per process, by its first folder.
QString folderPattern(const QString& prefix)
{
    Q_STATIC_ASSERT(sizeof(qint64) >= sizeof(pid_t));
    static QMutex mutex;
    static QSet<QString> swept;
    const QMutexLocker lock(&mutex);
    if (!swept.contains(prefix)) {
        swept.insert(prefix);
        ProcessFolder::removeLeftovers(QDir::tempPath(), prefix);
    }
    return QDir::tempPath() + QLatin1Char('/') +
           ProcessFolder::namePrefix(prefix, QCoreApplication::applicationPid()) +
           QStringLiteral("XXXXXX");
}
} // namespace

ProcessFolder::ProcessFolder(const QString& prefix) : m_dir(folderPattern(prefix))
{
    if (m_dir.isValid())
        HardStop::addFolder(m_dir.path());
}

ProcessFolder::~ProcessFolder()
{
    if (m_dir.isValid())
        HardStop::removeFolder(m_dir.path());
}

QString ProcessFolder::namePrefix(const QString& prefix, qint64 pid)
{
    return QStringLiteral("%1-%2-").arg(prefix).arg(pid);
}

QStringList ProcessFolder::removeLeftovers(const QString& parent, const QString& prefix)
{
    // QTemporaryDir replaces XXXXXX with six letters and digits.
    const QRegularExpression pattern(QStringLiteral("^%1-([1-9][0-9]{0,9})-[A-Za-z0-9]{6}$")
                                         .arg(QRegularExpression::escape(prefix)));
    QStringList removed;
    const QDir folder(parent);
    const QFileInfoList entries =
        folder.entryInfoList({prefix + QStringLiteral("-*")},
                             QDir::Dirs | QDir::NoSymLinks | QDir::NoDotAndDotDot | QDir::Hidden);
    for (const QFileInfo& entry : entries) {
        const QRegularExpressionMatch match = pattern.match(entry.fileName());
        if (!match.hasMatch() || entry.ownerId() != ::getuid())
            continue;
        const qint64 pid = match.captured(1).toLongLong();
        // Only a process that does not exist at all: a live one (ours, another app's, or an
        // unrelated process that got the pid), one of another user (EPERM) or a zombie that
        // still holds the pid keeps its folder.
        if (pid <= 0 || pid > std::numeric_limits<pid_t>::max() || pid == ::getpid() ||
            !(::kill(pid_t(pid), 0) == -1 && errno == ESRCH))
            continue;
        if (QDir(entry.filePath()).removeRecursively())
            removed << entry.filePath();
    }
    return removed;
}
