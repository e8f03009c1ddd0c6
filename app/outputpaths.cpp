// SPDX-License-Identifier: GPL-3.0-or-later
#include "outputpaths.h"

#include "base/regularfile.h"
#include "base/safetext.h"
#include "record/runreader.h"

#include <QFile>
#include <QFileInfo>
#include <sys/stat.h>

void OutputPaths::addInput(const QString& flag, const QString& path)
{
    if (!path.isEmpty())
        m_inputs << Entry{flag, path};
}

// One file, by whatever name: the same device and inode.
bool OutputPaths::sameFile(const QString& a, const QString& b)
{
    struct stat x = {};
    struct stat y = {};
    return ::stat(QFile::encodeName(a).constData(), &x) == 0 &&
           ::stat(QFile::encodeName(b).constData(), &y) == 0 && x.st_dev == y.st_dev &&
           x.st_ino == y.st_ino;
}

QString OutputPaths::folderProblem(const QString& flag, const QString& path)
{
    const QFileInfo file(path);
    const QFileInfo folder(file.absolutePath());
    const QString name = SafeText::echo(path);
    if (file.isDir())
        return QStringLiteral("--%1 %2: is a folder").arg(flag, name);
    if (!folder.isDir())
        return QStringLiteral("--%1 %2: the folder %3 does not exist")
            .arg(flag, name, SafeText::echo(folder.filePath()));
    if (file.exists() ? !file.isWritable() : !folder.isWritable())
        return QStringLiteral("--%1 %2: not writable").arg(flag, name);
    return {};
}

QString OutputPaths::check(const QString& flag, const QString& path, Replace replace, bool force)
{
    if (path.isEmpty())
        return {};
    const QString name = SafeText::echo(path);
    for (const Entry& input : std::as_const(m_inputs))
        if (sameFile(path, input.path))
            return QStringLiteral("--%1 %2 is the file this run reads (--%3 %4): writing it "
                                  "would destroy it; write to another file")
                .arg(flag, name, input.flag, SafeText::echo(input.path));
    for (const Entry& output : std::as_const(m_outputs))
        if (sameFile(path, output.path) ||
            QFileInfo(path).absoluteFilePath() == QFileInfo(output.path).absoluteFilePath())
            return QStringLiteral("--%1 and --%2 name the same file (%3)")
                .arg(flag, output.flag, name);
    if (const QString kind = RegularFile::irregularKind(path);
        !kind.isEmpty() && !QFileInfo(path).isDir())
        return QStringLiteral("--%1 %2 is %3, not a regular file: give a file to write")
            .arg(flag, name, kind);
    if (QString problem = folderProblem(flag, path); !problem.isEmpty())
        return problem;
    const QFileInfo file(path);
    if (replace == Replace::RunOnly && !force && file.exists() && file.size() > 0 &&
        !RunReader::isRun(path))
        return QStringLiteral("--%1 %2: the file exists and is not a run file (its first line "
                              "is no run header), so recording would replace it; record to "
                              "another file, or add --force to replace it")
            .arg(flag, name);
    m_outputs << Entry{flag, path};
    return {};
}
