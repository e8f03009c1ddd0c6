// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/nodesnapshot.h"

#include "base/enumnames.h"

QString NodeSnapshot::stateName(State state)
{
    return EnumNames::name(state);
}
