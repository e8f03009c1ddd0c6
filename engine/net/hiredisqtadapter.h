// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QObject>

struct redisAsyncContext;
class QSocketNotifier;

// Drives one hiredis async context from the Qt event loop. Unlike hiredis's own
// adapters/qt.h it keeps both socket notifiers for the life of the context (only flipping
// setEnabled), and writes what a turn of the loop queued in one posted flush, never inside
// the command's own call; why, and what it measured: docs/architecture.md, "Connections to
// Redis" (the measured figure: docs/benchmarks.md, "The benchmark").
// hiredis calls cleanup() when it frees the context (possibly from inside our own
// handleRead), so after that this object only waits to be deleted by its owner.
class HiredisQtAdapter : public QObject
{
    Q_OBJECT

public:
    explicit HiredisQtAdapter(redisAsyncContext* context, QObject* parent = nullptr);
    ~HiredisQtAdapter() override;

    // True while hiredis runs inside one of our notifier handlers: the owner must then
    // delete this adapter with deleteLater(), never directly.
    bool isDispatching() const { return m_dispatching > 0; }

    // While on, the first bytes the peer sends are copied (peeked, not consumed) before
    // hiredis parses them, so a handshake with something that is not Redis can say what
    // answered ("HTTP/1.1 400 Bad Request") instead of hiredis's "protocol error".
    void setSniffing(bool on);

    // Reads and parses what the socket holds now, as if the read notifier had fired (a
    // no-op when nothing has arrived). Replies' callbacks run inside it.
    void readArrived() { onReadable(); }
    QByteArray firstBytes() const { return m_firstBytes; }

private:
    static void addRead(void* data);
    static void delRead(void* data);
    static void addWrite(void* data);
    static void delWrite(void* data);
    static void cleanup(void* data);

    void onReadable();
    void onWritable();
    static void handleWriteWithoutSigpipe(redisAsyncContext* context);
    void flushWrites();

    redisAsyncContext* m_context;
    QSocketNotifier* m_read = nullptr;
    QSocketNotifier* m_write = nullptr;
    int m_dispatching = 0;
    bool m_wantWrite = false;   // hiredis has bytes to write
    bool m_flushPosted = false; // a flushWrites() is on its way
    bool m_sniffing = false;
    QByteArray m_firstBytes;
};
