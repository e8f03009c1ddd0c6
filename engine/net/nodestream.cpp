// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/nodestream.h"

void NodeStream::tellEnded(Ending how, const QString& detail, bool later)
{
    if (isOver())
        return;
    m_ended = true;
    if (!later) {
        emit ended(how, detail);
        return;
    }
    QMetaObject::invokeMethod(
        this,
        [this, how, detail] {
            if (!m_silent)
                emit ended(how, detail);
        },
        Qt::QueuedConnection);
}
