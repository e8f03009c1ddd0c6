// SPDX-License-Identifier: GPL-3.0-or-later
// The client defaults dialog: checked before anything applies, then one `defaults` line
// (the nodes have their own dialog: tst_nodesdialog).

#include "dialogs/clientsettingsform.h"
#include "dialogs/settingsdialog.h"

#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
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
    void unchangedDefaultsSendNothing()
    {
        SettingsDialog dialog(EngineConfig{}, ClientSettings{});
        ok(dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.defaultsCommand().isEmpty());
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
