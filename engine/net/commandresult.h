// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/redisreply.h"

#include <QString>

// What became of one command sent to one node.
struct CommandResult
{
    enum class Status
    {
        Replied, // the node answered (the reply may still be a Redis error)
        Timeout, // no answer within the command's deadline
        Down     // not sent: the node is not connected (see error)
    };

    Status status = Status::Down;
    RedisReply reply;
    QString error; // Timeout and Down: why, in words a user understands
    qint64 sentUs = 0;
    qint64 repliedUs = 0; // when the reply, timeout or refusal was known

    qint64 latencyUs() const { return repliedUs - sentUs; }
};
