#include "record/violation.h"

QString Violation::describe(const QString& firstName, const QString& secondName) const
{
    const QString until =
        endUs < 0 ? QStringLiteral("now") : QStringLiteral("%1 s").arg(endUs / 1e6, 0, 'f', 3);
    return QStringLiteral("%1 and %2 both believed they held %3 from %4 s to %5")
        .arg(firstName, secondName, QString::fromUtf8(resource))
        .arg(startUs / 1e6, 0, 'f', 3)
        .arg(until);
}
