// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <functional>

// The engine's answer to one command line.
struct CommandAnswer
{
    bool ok = true;
    QString message;

    static CommandAnswer done(const QString& message) { return {true, message}; }
    static CommandAnswer refused(const QString& message) { return {false, message}; }
};

// Commands on external nodes wait for the node's reply: answers come through this.
using AnswerCallback = std::function<void(const CommandAnswer&)>;
