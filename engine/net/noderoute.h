// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/nodeaddress.h"

class FaultGate;

// Where one client's connection to one node goes: the address it dials (the node's own, or a
// proxy listener's) and, for the app's simulated clients on the node itself, the node's
// FaultGate its commands and replies pass as client `clientId`'s (RedisConnection::setGate).
struct NodeRoute
{
    NodeAddress address;
    FaultGate* gate = nullptr; // none: nothing of the app between the client and the node
    int clientId = 0;
};
