// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// A command a node refused for want of permission (an ACL user's, Redis 6+), in words that name
// the permission: "no permission (ACL): the user may not run 'eval' (it needs +eval)". Redis
// says NOPERM for a command, a key or a channel; a script's denied call comes back as an ERR
// that says the same without the command's name. The run goes on: the node shows the refusal
// on its card (SnapshotBuilder), as a node that refuses writes. docs/tls.md, "Least privilege",
// lists the ACL each use needs.
class AclRefusal
{
public:
    // Empty when `error` is not a permission refusal; words already made are kept as they are.
    static QString words(const QString& error);
    // A node's error reply as the history and the cards say it: in these words when it is a
    // permission refusal, else as the node said it.
    static QString said(const QByteArray& errorReply);
};
