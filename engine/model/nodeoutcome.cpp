// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/nodeoutcome.h"

#include "base/enumnames.h"

QString NodeOutcome::kindName(Kind kind)
{
    return EnumNames::name(kind);
}
