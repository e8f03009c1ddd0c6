#include "snapshot/clientsnapshot.h"

#include "core/enumnames.h"

QString ClientSnapshot::stateName(State state)
{
    return EnumNames::name(state);
}
