// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/outputfile.h"

#include "base/regularfile.h"

#include <QCoreApplication>

qint64 OutputFile::WholeWrites::writeData(const char* data, qint64 length)
{
    qint64 done = 0;
    while (done < length) {
        // A short count has no reason attached; the next write gets the system's refusal.
        const qint64 written = m_file->write(data + done, length - done);
        if (written <= 0) {
            setErrorString(m_file->errorString());
            return -1;
        }
        done += written;
    }
    return done;
}

OutputFile::OutputFile(const QString& path) : m_path(path), m_file(path), m_device(&m_file) {}

OutputFile::~OutputFile() = default;

QString OutputFile::failure(const QString& reason) const
{
    return QCoreApplication::translate("OutputFile", "cannot write %1: %2").arg(m_path, reason);
}

bool OutputFile::open(QString* error)
{
    // A FIFO would be replaced by a regular file (QSaveFile renames over it), a device
    // written into: neither is what the user meant.
    if (const QString irregular = RegularFile::refuseIrregular(m_path); !irregular.isEmpty()) {
        *error = irregular;
        return false;
    }
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        *error = failure(m_file.errorString());
        return false;
    }
    m_device.open(QIODevice::WriteOnly | QIODevice::Unbuffered);
    return true;
}

bool OutputFile::commit(bool written, const QString& why, QString* error)
{
    m_device.close();
    if (written && m_file.commit())
        return true;
    // The write's own reason first: QSaveFile's after a failed commit is "Unknown error".
    QString reason = why;
    if (reason.isEmpty() && !written)
        reason = m_device.errorString();
    if (reason.isEmpty() || reason == QLatin1String("Unknown error"))
        reason = m_file.errorString();
    *error = failure(reason);
    if (!written)
        m_file.cancelWriting();
    return false;
}

bool OutputFile::save(const QString& path, const QByteArray& bytes, QString* error)
{
    OutputFile file(path);
    if (!file.open(error))
        return false;
    const bool written = file.device()->write(bytes) == bytes.size();
    return file.commit(written, {}, error);
}
