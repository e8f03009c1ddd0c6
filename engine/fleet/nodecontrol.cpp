// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/nodecontrol.h"

#include "base/enumnames.h"
#include "fleet/nodeadmin.h"

NodeControl::NodeControl(int index, NodeAdmin* admin, QObject* parent)
    : QObject(parent), m_index(index), m_admin(admin)
{}

// "none", "aof everysec", "aof always": the enum's own names, with the mechanism.
QString NodeControl::persistenceName(Persistence persistence)
{
    const QString name = EnumNames::name(persistence);
    return persistence == Persistence::None ? name : QStringLiteral("aof ") + name;
}

// CONFIG SET on the running node (appendfsync first, so "always" is in force the moment the
// AOF is switched on); a local node that is down gets it at its next start.
void NodeControl::setPersistence(Persistence persistence, const AnswerCallback& done)
{
    rememberPersistence(persistence);
    if (!isReachable()) {
        m_persistence = persistence;
        done(CommandAnswer::done(tr("node %1: persistence %2 from its next start")
                                     .arg(m_index + 1)
                                     .arg(persistenceName(persistence))));
        emit changed();
        return;
    }
    const QByteArray appendOnly = persistence == Persistence::None ? "no" : "yes";
    const QByteArray fsync = persistence == Persistence::Always ? "always" : "everysec";
    const QString what = tr("persistence");
    m_admin->send({"CONFIG", "SET", "appendfsync", fsync}, what,
                  [this, appendOnly, persistence, what, done](const CommandAnswer& first) {
                      if (!first.ok)
                          return done(first);
                      m_admin->send({"CONFIG", "SET", "appendonly", appendOnly}, what, done,
                                    [this, persistence] {
                                        m_persistence = persistence;
                                        emit info(tr("node %1 persistence: %2")
                                                      .arg(m_index + 1)
                                                      .arg(persistenceName(persistence)));
                                        emit changed();
                                    });
                  });
}
