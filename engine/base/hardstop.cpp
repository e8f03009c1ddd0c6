// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/hardstop.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QSet>

#include <chrono>
#include <csignal>
#include <mutex>

namespace {
struct Registry
{
    std::timed_mutex mutex;
    QSet<pid_t> groups;
    QSet<QString> folders;
    QHash<QString, QByteArray> lastWords;
};

// Never destroyed: the watchdog may run while the process's statics are being torn down.
Registry& registry()
{
    static auto* r = new Registry;
    return *r;
}

template <typename Change> void change(Change apply)
{
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    apply(r);
}
} // namespace

void HardStop::addProcessGroup(pid_t group)
{
    change([group](Registry& r) { r.groups.insert(group); });
}

void HardStop::removeProcessGroup(pid_t group)
{
    change([group](Registry& r) { r.groups.remove(group); });
}

void HardStop::addFolder(const QString& path)
{
    change([&path](Registry& r) { r.folders.insert(path); });
}

void HardStop::removeFolder(const QString& path)
{
    change([&path](Registry& r) { r.folders.remove(path); });
}

void HardStop::setLastWords(const QString& path, const QByteArray& bytes)
{
    change([&](Registry& r) { r.lastWords.insert(path, bytes); });
}

void HardStop::forgetLastWords(const QString& path)
{
    change([&path](Registry& r) { r.lastWords.remove(path); });
}

void HardStop::run()
{
    Registry& r = registry();
    std::unique_lock lock(r.mutex, std::defer_lock);
    if (!lock.try_lock_for(std::chrono::milliseconds(100)))
        return;
    for (const pid_t group : std::as_const(r.groups))
        ::kill(-group, SIGKILL);
    for (auto it = r.lastWords.cbegin(); it != r.lastWords.cend(); ++it) {
        QFile file(it.key());
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            file.write(it.value());
    }
    for (const QString& folder : std::as_const(r.folders))
        QDir(folder).removeRecursively();
}
