// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// What one Sentinel says, as last asked (SENTINEL get-master-addr-by-name, SENTINEL master).
struct SentinelView
{
    QString address;       // 127.0.0.1:port of the Sentinel itself
    bool up = false;       // it answered the last question
    int masterNode = -1;   // the node it names as master (index), -1 unknown
    QString masterAddress; // host:port it names
    QString flags;         // "master", "master,s_down", "master,s_down,o_down", ...
    int replicas = -1;     // replicas it knows of the master
    int otherSentinels = -1;
    QString error; // why it did not answer
};
