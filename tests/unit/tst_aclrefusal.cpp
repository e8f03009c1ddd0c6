// SPDX-License-Identifier: GPL-3.0-or-later
// A node's refusal for want of permission (Redis 7's words, as redis-server 7.0 says them) in
// words naming the permission; anything else is not one.
#include "model/aclrefusal.h"

#include <QTest>

class TestAclRefusal : public QObject
{
    Q_OBJECT

private slots:
    void words_data()
    {
        QTest::addColumn<QString>("error");
        QTest::addColumn<QString>("words");
        QTest::newRow("command") << "NOPERM this user has no permissions to run the 'eval' command"
                                 << "no permission (ACL): the user may not run 'eval' (it needs "
                                    "+eval)";
        QTest::newRow("subcommand")
            << "NOPERM this user has no permissions to run the 'config|set' command"
            << "no permission (ACL): the user may not run 'config|set' (it needs +config|set)";
        QTest::newRow("key")
            << "NOPERM this user has no permissions to access one of the keys used as arguments"
            << "no permission (ACL): the user may not use this key (it needs a ~pattern that "
               "matches it)";
        QTest::newRow("channel")
            << "NOPERM this user has no permissions to access one of the channels used as "
               "arguments"
            << "no permission (ACL): the user may not use this channel (it needs a &pattern "
               "that matches it)";
        QTest::newRow("script's command")
            << "ERR The user executing the script can't run this command or subcommand script: "
               "ff96, on @user_script:1."
            << "no permission (ACL): the user may not run a command the lock's script calls "
               "(docs/tls.md, \"Least privilege\", lists them)";
        QTest::newRow("script's key")
            << "ERR The user executing the script can't access at least one of the keys "
               "mentioned in the command arguments script: eaea, on @user_script:1."
            << "no permission (ACL): the user may not use a key the lock's script touches (it "
               "needs a ~pattern that matches it)";
        QTest::newRow("not one: READONLY")
            << "READONLY You can't write against a read only replica."
            << "";
        QTest::newRow("not one: WRONGTYPE")
            << "WRONGTYPE Operation against a key holding the wrong kind of value"
            << "";
    }

    void words()
    {
        QFETCH(QString, error);
        QFETCH(QString, words);
        QCOMPARE(AclRefusal::words(error), words);
    }
};

QTEST_GUILESS_MAIN(TestAclRefusal)
#include "tst_aclrefusal.moc"
