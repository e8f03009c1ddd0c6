// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/counterexample.h"

#include <QCoreApplication>

QString Counterexample::title() const
{
    const QString rung = shrunk.defaults.value(0).section(QLatin1Char('='), 1);
    return QCoreApplication::translate("Counterexample", "%1: %n step(s), %2", nullptr, steps())
        .arg(rung, failure);
}
