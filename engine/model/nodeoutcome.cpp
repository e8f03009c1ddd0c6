#include "model/nodeoutcome.h"

#include "base/enumnames.h"

QString NodeOutcome::kindName(Kind kind)
{
    return EnumNames::name(kind);
}
