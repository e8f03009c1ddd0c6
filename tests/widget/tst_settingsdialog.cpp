// The settings dialog: node lists are checked with NodeAddress::parse and the odd-count
// rule before anything restarts; client defaults become one `defaults` line.

#include "dialogs/clientsettingsform.h"
#include "dialogs/settingsdialog.h"

#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTest>

class TestSettingsDialog : public QObject
{
    Q_OBJECT

private:
    static void ok(SettingsDialog& dialog)
    {
        dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
    }

private slots:
    void unchangedLocalFleet()
    {
        SettingsDialog dialog(EngineConfig{}, ClientSettings{});
        QVERIFY(dialog.localRadio()->isChecked());
        ok(dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(!dialog.nodesChanged());
        QVERIFY(dialog.defaultsCommand().isEmpty());
    }

    void evenNodeCountsAreRefused()
    {
        SettingsDialog dialog(EngineConfig{}, ClientSettings{});
        dialog.show();
        dialog.externalRadio()->setChecked(true);
        dialog.addresses()->setPlainText(QStringLiteral("127.0.0.1:7001\n127.0.0.1:7002"));
        ok(dialog);
        QVERIFY(dialog.isVisible());
        QVERIFY(dialog.nodesError().contains(QStringLiteral("odd")));
        QVERIFY(!dialog.nodesChanged());
    }

    void badAddressesAreRefusedWithTheirLine()
    {
        SettingsDialog dialog(EngineConfig{}, ClientSettings{});
        dialog.show();
        dialog.externalRadio()->setChecked(true);
        dialog.addresses()->setPlainText(
            QStringLiteral("127.0.0.1:7001\nnot an address\n127.0.0.1:7003"));
        ok(dialog);
        QVERIFY(dialog.isVisible());
        QVERIFY2(dialog.nodesError().startsWith(QStringLiteral("Line 2")),
                 qPrintable(dialog.nodesError()));
    }

    void externalNodesWithSharedCredentials()
    {
        SettingsDialog dialog(EngineConfig{}, ClientSettings{});
        dialog.externalRadio()->setChecked(true);
        dialog.addresses()->setPlainText(
            QStringLiteral("10.0.0.1:6379\n10.0.0.2:6379, other:pw@10.0.0.3:6380/4"));
        dialog.user()->setText(QStringLiteral("scope"));
        dialog.password()->setText(QStringLiteral("secret"));
        dialog.db()->setValue(2);
        ok(dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.nodesChanged());
        const QList<NodeAddress> nodes = dialog.config().nodes;
        QCOMPARE(nodes.size(), 3);
        QCOMPARE(nodes[0].host, QStringLiteral("10.0.0.1"));
        QCOMPARE(nodes[0].user, QStringLiteral("scope"));
        QCOMPARE(nodes[0].password, QStringLiteral("secret"));
        QCOMPARE(nodes[0].db, 2);
        QCOMPARE(nodes[2].user, QStringLiteral("other"));
        QCOMPARE(nodes[2].port, quint16(6380));
        QCOMPARE(nodes[2].db, 4);
    }

    void localCountChangeRestarts()
    {
        SettingsDialog dialog(EngineConfig{}, ClientSettings{});
        dialog.localCount()->setValue(3);
        ok(dialog);
        QVERIFY(dialog.nodesChanged());
        QCOMPARE(dialog.config().localNodeCount, 3);
        QVERIFY(dialog.config().nodes.isEmpty());
    }

    void clientDefaults()
    {
        SettingsDialog dialog(EngineConfig{}, ClientSettings{});
        dialog.defaultsForm()->lineEdit(QStringLiteral("ttl"))->setText(QStringLiteral("3000"));
        dialog.defaultsForm()
            ->lineEdit(QStringLiteral("extendbelow"))
            ->setText(QStringLiteral("1000"));
        ok(dialog);
        QCOMPARE(dialog.defaultsCommand(), QStringLiteral("defaults ttl=3000 extendbelow=1000"));
        QCOMPARE(dialog.defaults().lock.ttlMs, 3000);
        QCOMPARE(dialog.config().clientDefaults.lock.ttlMs, 3000);
        QVERIFY(!dialog.nodesChanged());
    }

    void badDefaultsAreRefused()
    {
        SettingsDialog dialog(EngineConfig{}, ClientSettings{});
        dialog.show();
        dialog.defaultsForm()->lineEdit(QStringLiteral("ttl"))->setText(QStringLiteral("-5"));
        ok(dialog);
        QVERIFY(dialog.isVisible());
        QVERIFY(!dialog.defaultsForm()->fieldError(QStringLiteral("ttl")).isEmpty());
        QVERIFY(dialog.defaultsCommand().isEmpty());
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
