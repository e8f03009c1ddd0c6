// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/clientsnapshot.h"

#include "base/enumnames.h"

QString ClientSnapshot::stateName(State state)
{
    return EnumNames::name(state);
}
