// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QMetaType>
#include <QObject>
#include <QString>

// What one node said to one lock operation (acquire, release or extend).
struct NodeOutcome
{
    Q_GADGET

public:
    enum class Kind
    {
        Pending,
        Ok,
        Taken,
        Error,
        Timeout,
        Down
    };
    Q_ENUM(Kind)

    Kind kind = Kind::Pending;
    QByteArray owner;         // Taken: the token that holds the key, when the node told us
    qint64 fenceCounter = -1; // Ok with fencing: the node's counter for this acquisition
    QString error;            // Error, Timeout, Down: the text
    qint64 sentUs = 0;
    qint64 repliedUs = 0;
    qint64 roundStartUs = -1; // an acquire or extend answer: when the round it answers began

    bool isFinal() const { return kind != Kind::Pending; }
    qint64 latencyUs() const { return repliedUs - sentUs; }
    static QString kindName(Kind kind);
};

Q_DECLARE_METATYPE(NodeOutcome)
