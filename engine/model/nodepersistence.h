// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

// How a local node keeps its keys across a restart (`node persistence N MODE`): not at all,
// an AOF synced every second, or synced at every write. A value type of the command language,
// so in model/: the parser (commands/) sits below the processes (fleet/).
class NodePersistence
{
    Q_GADGET

public:
    enum class Mode
    {
        None,
        Everysec,
        Always
    };
    Q_ENUM(Mode) // "none", "everysec", "always" (EnumNames)
};
