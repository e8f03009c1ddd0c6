#include "lock/nodeoutcome.h"

#include "core/enumnames.h"

QString NodeOutcome::kindName(Kind kind)
{
    return EnumNames::name(kind);
}
