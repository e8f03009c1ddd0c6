// SPDX-License-Identifier: GPL-3.0-or-later
// The client settings dialog: bad values are shown next to their field and nothing is
// sent; good ones give exactly one `client set` line with only what changed.

#include "dialogs/clientsettingsdialog.h"
#include "dialogs/clientsettingsform.h"
#include "model/clientsettingfield.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

class TestClientSettingsDialog : public QObject
{
    Q_OBJECT

private:
    static void ok(ClientSettingsDialog& dialog)
    {
        dialog.buttons()->button(QDialogButtonBox::Ok)->click();
    }

private slots:
    void showsTheCurrentSettings()
    {
        ClientSettings s;
        s.lock.ttlMs = 7000;
        s.workMinMs = 1000;
        s.workMaxMs = 3000;
        s.lock.jitter = false;
        ClientSettingsDialog dialog(QStringLiteral("C1"), s);
        QCOMPARE(dialog.form()->lineEdit(QStringLiteral("ttl"))->text(), QStringLiteral("7000"));
        QCOMPARE(dialog.form()->lineEdit(QStringLiteral("work"))->text(),
                 QStringLiteral("1000-3000"));
        QVERIFY(!dialog.form()->checkBox(QStringLiteral("jitter"))->isChecked());
        QVERIFY(dialog.form()->changedAssignments().isEmpty());
    }

    // The form is the table: one field per row, with the row's label, help and value.
    void showsEveryRowOfTheTable()
    {
        // Given settings that differ from the defaults in a few rows
        ClientSettings s;
        s.lock.ttlMs = 7000;
        s.lock.driftFactor = 0.0125;
        s.autoExtend = true;
        // When the dialog shows them
        ClientSettingsDialog dialog(QStringLiteral("C1"), s);
        ClientSettingsForm* form = dialog.form();
        for (const ClientSettingField& field : ClientSettingField::all()) {
            const QString key = field.key();
            // Then every row has its editor, of the row's kind, holding the row's value
            QWidget* editor = form->findChild<QWidget*>(key);
            QVERIFY2(editor, qPrintable(key));
            QCOMPARE(editor->toolTip(), field.help());
            switch (field.type()) {
            case ClientSettingField::Type::Switch:
                QVERIFY2(form->checkBox(key), qPrintable(key));
                QCOMPARE(form->checkBox(key)->isChecked(), field.format(s) == "on");
                break;
            case ClientSettingField::Type::Choice:
                QVERIFY2(form->comboBox(key), qPrintable(key));
                QCOMPARE(form->comboBox(key)->currentText(), field.format(s));
                break;
            default:
                QVERIFY2(form->lineEdit(key), qPrintable(key));
                QCOMPARE(form->lineEdit(key)->text(), field.format(s));
                break;
            }
            // and its caption, whose tooltip is the help with the limits
            QLabel* caption = form->caption(key);
            QVERIFY2(caption, qPrintable(key));
            QCOMPARE(caption->text(), field.label());
            QVERIFY(caption->toolTip().contains(field.allowed()));
            QCOMPARE(caption->buddy(), editor);
        }
        QCOMPARE(form->lineEdit(QStringLiteral("drift"))->text(), QStringLiteral("0.0125"));
        QVERIFY(form->changedAssignments().isEmpty());
    }

    void badValuesAreRefused_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("not a number") << "ttl"
                                      << "ten";
        QTest::newRow("empty") << "timeout"
                               << "";
        QTest::newRow("timeout above ttl") << "timeout"
                                           << "20000";
        QTest::newRow("drift too big") << "drift"
                                       << "1.5";
        QTest::newRow("negative retries") << "retries"
                                          << "-1";
        QTest::newRow("work backwards") << "work"
                                        << "3000-1000";
        QTest::newRow("drift nan") << "drift"
                                   << "nan";
        QTest::newRow("drift inf") << "drift"
                                   << "inf";
        QTest::newRow("retry delay beyond an int") << "retrydelay"
                                                   << "3000000000";
        QTest::newRow("jitter beyond a day") << "retryjitter"
                                             << "2147483647";
        QTest::newRow("work up to int max") << "work"
                                            << "0-2147483647";
        QTest::newRow("fraction of a ms") << "think"
                                          << "2.5";
    }

    void badValuesAreRefused()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        ClientSettingsDialog dialog(QStringLiteral("C1"), ClientSettings{});
        dialog.show();
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.form()->lineEdit(key)->setText(value);
        ok(dialog);
        QCOMPARE(accepted.size(), 0);
        QVERIFY(dialog.isVisible());
        // The complaint is the engine's own sentence, naming the key.
        QVERIFY2(dialog.form()->fieldError(key).startsWith(key), qPrintable(key));
        QVERIFY(!dialog.form()->generalError().isEmpty());
        QVERIFY(dialog.command().isEmpty());
        // Fixing the field takes the complaint away.
        QTest::keyClick(dialog.form()->lineEdit(key), Qt::Key_1);
        QVERIFY(dialog.form()->fieldError(key).isEmpty());
    }

    void fieldsThatOnlyFailTogether()
    {
        ClientSettingsDialog dialog(QStringLiteral("C2"), ClientSettings{});
        // Each is fine alone with the other's old value? ttl=40 alone fails (timeout 50),
        // so lower the timeout too: together they are valid.
        dialog.form()->lineEdit(QStringLiteral("ttl"))->setText(QStringLiteral("4000"));
        dialog.form()->lineEdit(QStringLiteral("extendbelow"))->setText(QStringLiteral("3000"));
        ok(dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.command(), QStringLiteral("client set C2 ttl=4000 extendbelow=3000"));
    }

    void validChangesGiveOneCommand()
    {
        ClientSettingsDialog dialog(QStringLiteral("C1"), ClientSettings{});
        QSignalSpy accepted(&dialog, &QDialog::accepted);
        dialog.form()->lineEdit(QStringLiteral("ttl"))->setText(QStringLiteral("5000"));
        dialog.form()->checkBox(QStringLiteral("jitter"))->setChecked(false);
        dialog.form()->lineEdit(QStringLiteral("work"))->setText(QStringLiteral(" 800-1200 "));
        ok(dialog);
        QCOMPARE(accepted.size(), 1);
        QCOMPARE(dialog.command(),
                 QStringLiteral("client set C1 ttl=5000 jitter=off work=800-1200"));
    }

    void nothingChangedSendsNothing()
    {
        ClientSettingsDialog dialog(QStringLiteral("C1"), ClientSettings{});
        ok(dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.command().isEmpty());
    }

    void allClients()
    {
        ClientSettingsDialog dialog(QStringLiteral("all"), ClientSettings{});
        dialog.form()->lineEdit(QStringLiteral("retries"))->setText(QStringLiteral("0"));
        ok(dialog);
        QCOMPARE(dialog.command(), QStringLiteral("client set all retries=0"));
    }
};

QTEST_MAIN(TestClientSettingsDialog)
#include "tst_clientsettingsdialog.moc"
