// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/regularfile.h"

#include <QCoreApplication>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("RegularFile", text);
}

QString kindOf(mode_t mode)
{
    if (S_ISFIFO(mode))
        return QCoreApplication::translate("RegularFile", "a FIFO (named pipe)");
    if (S_ISCHR(mode))
        return QCoreApplication::translate("RegularFile", "a character device");
    if (S_ISBLK(mode))
        return QCoreApplication::translate("RegularFile", "a block device");
    if (S_ISDIR(mode))
        return QCoreApplication::translate("RegularFile", "a folder");
    if (S_ISSOCK(mode))
        return QCoreApplication::translate("RegularFile", "a socket");
    return QCoreApplication::translate("RegularFile", "a special file");
}

QString irregular(const QString& path, mode_t mode)
{
    return QCoreApplication::translate("RegularFile", "%1 is %2, not a regular file")
        .arg(path, kindOf(mode));
}

// Closes the descriptor on every way out.
struct Descriptor
{
    int fd = -1;
    ~Descriptor()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

QString RegularFile::irregularKind(const QString& path)
{
    struct stat info = {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0 || S_ISREG(info.st_mode))
        return {};
    return kindOf(info.st_mode);
}

QString RegularFile::refuseIrregular(const QString& path)
{
    struct stat info = {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0 || S_ISREG(info.st_mode))
        return {};
    return irregular(path, info.st_mode);
}

QString RegularFile::size(qint64 bytes)
{
    constexpr qint64 MB = 1024 * 1024;
    if (bytes < 1024)
        return tr("%1 bytes").arg(bytes);
    if (bytes < MB)
        return tr("%1 KB").arg(double(bytes) / 1024, 0, 'f', bytes % 1024 ? 1 : 0);
    return tr("%1 MB").arg(double(bytes) / MB, 0, 'f', bytes % MB ? 1 : 0);
}

std::optional<QByteArray> RegularFile::read(const QString& path, qint64 maxBytes,
                                            const QString& what, QString* error)
{
    // Non-blocking: opening a FIFO for reading would otherwise wait for a writer, forever.
    Descriptor file{::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    if (file.fd < 0) {
        *error = tr("cannot read %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return std::nullopt;
    }
    struct stat info = {};
    if (::fstat(file.fd, &info) != 0) {
        *error = tr("cannot read %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return std::nullopt;
    }
    if (!S_ISREG(info.st_mode)) {
        *error = irregular(path, info.st_mode);
        return std::nullopt;
    }
    const auto tooLarge = [&](qint64 bytes) {
        *error = tr("%1 is %2; %3 may be at most %4").arg(path, size(bytes), what, size(maxBytes));
        return std::nullopt;
    };
    if (info.st_size > maxBytes)
        return tooLarge(info.st_size);
    // A regular file never blocks; it may still grow while it is read: read one byte more
    // than allowed to see that.
    QByteArray bytes;
    bytes.resize(qsizetype(info.st_size) + 1);
    qsizetype filled = 0;
    for (;;) {
        if (filled == bytes.size()) {
            if (bytes.size() > maxBytes)
                return tooLarge(bytes.size());
            bytes.resize(std::min<qint64>(maxBytes + 1, bytes.size() * 2 + 4096));
        }
        const ssize_t got = ::read(file.fd, bytes.data() + filled, size_t(bytes.size() - filled));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            *error =
                tr("cannot read %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
            return std::nullopt;
        }
        if (got == 0)
            break;
        filled += got;
    }
    if (filled > maxBytes)
        return tooLarge(filled);
    bytes.truncate(filled);
    return bytes;
}
