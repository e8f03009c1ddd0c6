#include "snapshot/nodesnapshot.h"

#include "core/enumnames.h"

QString NodeSnapshot::stateName(State state)
{
    return EnumNames::name(state);
}
