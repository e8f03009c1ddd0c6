// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

// A temporary folder of this process, named after its pid (`$TMPDIR/PREFIX-PID-XXXXXX`):
// removed with the object, and by HardStop should the app be ended at once. A process killed
// outright (SIGKILL, SIGPIPE from `| head`) leaves it; the first ProcessFolder of a prefix a
// later process makes removes the folders of that prefix whose process is gone.
class ProcessFolder
{
public:
    explicit ProcessFolder(const QString& prefix);
    ~ProcessFolder();
    ProcessFolder(const ProcessFolder&) = delete;
    ProcessFolder& operator=(const ProcessFolder&) = delete;

    bool isValid() const { return m_dir.isValid(); }
    QString errorString() const { return m_dir.errorString(); }
    QString path() const { return m_dir.path(); }
    QString filePath(const QString& name) const { return m_dir.filePath(name); }

    // "PREFIX-PID-" for this process or another.
    static QString namePrefix(const QString& prefix, qint64 pid);
    // Removes the folders `PREFIX-PID-XXXXXX` in `parent` of this user whose process does
    // not exist (never one of a live process, whoever it is, nor a zombie's); returns them.
    static QStringList removeLeftovers(const QString& parent, const QString& prefix);

private:
    QTemporaryDir m_dir;
};
