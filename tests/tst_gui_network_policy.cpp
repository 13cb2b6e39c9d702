// The Tier and policy pane's network editor, driven as a user would, offscreen: the three network modes, an
// allow list and secrets typed into it and checked by the engine's parser, the "Python packages" preset,
// and a secret's value that stays in memory. End to end, a value typed in the pane reaches a real HTTPS
// server on loopback through the egress proxy, while the program, the output, the history, the saved
// settings and a saved policy file hold only the placeholder.

#include "gui/attack_lab_page.h"
#include "gui/code_editor.h"
#include "gui/lab_policy_bar.h"
#include "gui/main_window.h"
#include "gui/network_policy_editor.h"
#include "gui/output_pane.h"
#include "gui/run_history.h"
#include "gui/run_panel.h"
#include "support/loopback_web_servers.h"
#include "tiers/common/egress_proxy.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QJsonObject>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace sandbench;

namespace {

const QString kApi = QStringLiteral("api.sandbench.test");
// Made for this test, typed into the pane only: nothing but the proxy and the server may ever hold it.
const QString kTypedKey = QStringLiteral("typed-key-7c1d9e04b2a8");

} // namespace

class TestGuiNetworkPolicy : public QObject {
    Q_OBJECT

    static NetworkPolicyEditor* editorOf(RunPanel& panel) { return panel.networkEditor(); }

    template <typename Widget> static Widget* field(RunPanel& panel, const QString& name) {
        auto* found = panel.findChild<Widget*>(name);
        if (!found)
            qFatal("no %s in the pane", qPrintable(name));
        return found;
    }

    static void chooseMode(RunPanel& panel, NetworkPolicyEditor::Mode mode) {
        auto* modes = field<QComboBox>(panel, QStringLiteral("policy.network"));
        modes->setCurrentIndex(modes->findData(static_cast<int>(mode)));
    }

    // Adds a secret with the pane's button and fills its row as a user types into the cells.
    static void addSecret(RunPanel& panel, const QString& name, const QString& hosts, const QString& value) {
        auto* table = field<QTableWidget>(panel, QStringLiteral("policy.secrets"));
        for (QPushButton* button : panel.findChildren<QPushButton*>())
            if (button->text() == QObject::tr("Add secret"))
                button->click();
        const int row = table->rowCount() - 1;
        table->item(row, 0)->setText(name);
        table->item(row, 1)->setText(hosts);
        auto* valueField = qobject_cast<QLineEdit*>(table->cellWidget(row, 4));
        QVERIFY(valueField);
        QCOMPARE(valueField->echoMode(), QLineEdit::Password);
        QTest::keyClicks(valueField, value);
    }

    static RunPanel* newPanel() { return new RunPanel({}, "subprocess"); }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_network_policy"));
        QSettings().clear();
        QFile::remove(RunHistory::defaultPath());
    }

    void modesBecomeThePolicysNetwork() {
        std::unique_ptr<RunPanel> panel(newPanel());
        QCOMPARE(panel->policy()->network, false);
        QVERIFY(!panel->policy()->egress.active());
        QVERIFY(!field<QPlainTextEdit>(*panel, QStringLiteral("policy.allow"))->isVisibleTo(panel.get()));

        chooseMode(*panel, NetworkPolicyEditor::Mode::HostNetwork);
        QCOMPARE(panel->policy()->network, true);

        chooseMode(*panel, NetworkPolicyEditor::Mode::AllowList);
        QVERIFY(field<QPlainTextEdit>(*panel, QStringLiteral("policy.allow"))->isVisibleTo(panel.get()));
        // An empty list is not "no network" in disguise: the parser's words, naming the key.
        QVERIFY(!panel->policy());
        QVERIFY2(panel->validationMessage().contains("empty allow list"),
                 qPrintable(panel->validationMessage()));

        field<QPlainTextEdit>(*panel, QStringLiteral("policy.allow"))
            ->setPlainText("api.example.com\n*.example.org:443, files.example.net:8443");
        field<QLineEdit>(*panel, QStringLiteral("policy.allowIps"))->setText("203.0.113.9, 10.0.0.0/8");
        const std::optional<Policy> listed = panel->policy();
        QVERIFY2(listed, qPrintable(panel->validationMessage()));
        QCOMPARE(listed->network, false); // no route: the proxy is the only way out
        QCOMPARE(listed->egress.allow.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(listed->egress.allow[1].text()), QString("*.example.org:443"));
        QCOMPARE(listed->egress.allow[2].port, 8443);
        QCOMPARE(listed->egress.allowIps, (std::vector<std::string>{"203.0.113.9", "10.0.0.0/8"}));

        chooseMode(*panel, NetworkPolicyEditor::Mode::None);
        QCOMPARE(panel->policy()->network, false);
        QVERIFY(!panel->policy()->egress.active());
    }

    void typedMistakesAreRefusedNamingTheKey_data() {
        QTest::addColumn<QString>("hosts");
        QTest::addColumn<QString>("secretHosts");
        QTest::addColumn<QString>("named");
        QTest::newRow("IP literal in the names") << "203.0.113.9" << QString() << "network.allow";
        QTest::newRow("port out of range") << "api.example.com:70000" << QString() << "network.allow";
        QTest::newRow("bare top-level wildcard") << "*.com" << QString() << "network.allow";
        QTest::newRow("secret for a host not listed") << "api.example.com"
                                                      << "other.example.com"
                                                      << "secrets";
        QTest::newRow("secret without a host") << "api.example.com"
                                               << " "
                                               << "secrets[0].hosts";
    }

    void typedMistakesAreRefusedNamingTheKey() {
        QFETCH(QString, hosts);
        QFETCH(QString, secretHosts);
        QFETCH(QString, named);
        std::unique_ptr<RunPanel> panel(newPanel());
        QSignalSpy changed(panel.get(), &RunPanel::policyChanged);
        chooseMode(*panel, NetworkPolicyEditor::Mode::AllowList);
        field<QPlainTextEdit>(*panel, QStringLiteral("policy.allow"))->setPlainText(hosts);
        if (!secretHosts.isEmpty())
            addSecret(*panel, "API_KEY", secretHosts, "value");
        QVERIFY(!changed.isEmpty());
        QVERIFY(!panel->policy());
        QVERIFY2(panel->validationMessage().contains(named), qPrintable(panel->validationMessage()));
    }

    void secretValuesStayInMemory() {
        std::unique_ptr<RunPanel> panel(newPanel());
        chooseMode(*panel, NetworkPolicyEditor::Mode::AllowList);
        field<QPlainTextEdit>(*panel, QStringLiteral("policy.allow"))->setPlainText("api.example.com");
        addSecret(*panel, "API_KEY", "api.example.com", kTypedKey);
        const std::optional<Policy> policy = panel->policy();
        QVERIFY2(policy, qPrintable(panel->validationMessage()));
        QCOMPARE(policy->egress.secrets.size(), std::size_t(1));
        QCOMPARE(policy->egress.secrets[0].header, std::string("Authorization"));
        QCOMPARE(panel->secretValues(),
                 (std::map<std::string, std::string>{{"API_KEY", kTypedKey.toStdString()}}));

        // Names and hosts are saved; the value is not, anywhere.
        QVERIFY(!QString::fromStdString(policy->toJson()).contains(kTypedKey));
        QTemporaryDir folder;
        const QString saved = folder.filePath("policy.json");
        QCOMPARE(panel->savePolicyFile(saved), QString());
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(bytes.contains("API_KEY"));
        QVERIFY(!bytes.contains(kTypedKey.toUtf8()));

        // Loading a policy that still names the secret keeps what was typed for it; one that does not,
        // forgets it.
        QCOMPARE(panel->loadPolicyFile(saved), QString());
        QCOMPARE(panel->secretValues().at("API_KEY"), kTypedKey.toStdString());
        panel->setPolicy(Policy{});
        QVERIFY(panel->secretValues().empty());
        QCOMPARE(panel->networkEditor()->mode(), NetworkPolicyEditor::Mode::None);
    }

    void pythonPackagesPresetSetsTheListAndKeepsTheLimits() {
        std::unique_ptr<RunPanel> panel(newPanel());
        panel->applyPreset(QStringLiteral("strict"));
        panel->applyPreset(QStringLiteral("python-packages"));
        std::optional<Policy> policy = panel->policy();
        QVERIFY2(policy, qPrintable(panel->validationMessage()));
        QCOMPARE(policy->timeoutSeconds, 2.0); // strict's, kept
        QStringList hosts;
        for (const AllowedHost& host : policy->egress.allow)
            hosts << QString::fromStdString(host.text());
        QCOMPARE(hosts, (QStringList{"pypi.org:443", "files.pythonhosted.org:443"}));
        // And a limits preset keeps the network the user chose.
        panel->applyPreset(QStringLiteral("generous"));
        policy = panel->policy();
        QCOMPARE(policy->memoryMb, 1024);
        QCOMPARE(policy->egress.allow.size(), std::size_t(2));
        // The preset is offered in the pane's list.
        const auto presets = panel->findChildren<QComboBox*>();
        QVERIFY(std::any_of(presets.begin(), presets.end(),
                            [](QComboBox* box) { return box->findData("python-packages") >= 0; }));
    }

    void typedKeyReachesTheServerAndNothingElse() {
        if (!EgressProxy::unavailableReason().empty())
            QSKIP(EgressProxy::unavailableReason().c_str());
        test_support::LoopbackWebServers servers;
        QString error;
        if (!servers.start({kApi}, error))
            QSKIP(qPrintable(error));
        QTemporaryDir folder;
        QFile hosts(folder.filePath("hosts"));
        QVERIFY(hosts.open(QIODevice::WriteOnly));
        hosts.write(("127.0.0.1 " + kApi + "\n").toUtf8());
        hosts.close();
        // The proxy's names for the loopback server and the CA it trusts upstream, as the lab gives them.
        qputenv("SANDBENCH_EGRESS_HOSTS", hosts.fileName().toUtf8());
        qputenv("SANDBENCH_EGRESS_CA", servers.caFile().toUtf8());

        {
            MainWindow window;
            window.show();
            if (!window.tiersProbed())
                QSignalSpy(&window, &MainWindow::tiersReady).wait(20000);
            RunPanel& panel = *window.runPanel();
            panel.setCurrentTier(QStringLiteral("subprocess"));
            if (panel.currentTier() != "subprocess")
                QSKIP("the subprocess tier cannot run here");
            const QString target = kApi + ":" + QString::number(servers.httpsPort());
            chooseMode(panel, NetworkPolicyEditor::Mode::AllowList);
            field<QPlainTextEdit>(panel, QStringLiteral("policy.allow"))->setPlainText(target);
            addSecret(panel, "API_KEY", kApi, kTypedKey);
            QVERIFY2(panel.policy(), qPrintable(panel.validationMessage()));
            // The Attack Lab and its bench, which follow the Workbench's policy, get the typed value too.
            QCOMPARE(window.attackLab()->policyBar()->secretValues(),
                     (std::map<std::string, std::string>{{"API_KEY", kTypedKey.toStdString()}}));

            window.editor()->setPlainText(
                QString("import os, urllib.request\n"
                        "key = os.environ['API_KEY']\n"
                        "request = urllib.request.Request('https://%1/v1', headers={'Authorization': "
                        "'Bearer ' + key})\n"
                        "urllib.request.urlopen(request, timeout=20).read()\n"
                        "print('KEY', key)\n")
                    .arg(target));
            QSignalSpy finished(&window, &MainWindow::runFinished);
            window.runAction()->trigger();
            QVERIFY(finished.wait(60000));

            const QList<QJsonObject> seen = servers.received();
            QCOMPARE(seen.size(), 1);
            QCOMPARE(seen.last().value("headers").toObject().value("Authorization").toString(),
                     "Bearer " + kTypedKey);
            const QString shown = window.output()->text();
            QVERIFY2(shown.contains("KEY sandbench-secret-"), qPrintable(shown));
            QVERIFY(!shown.contains(kTypedKey));
            QVERIFY2(window.output()->networkText().contains("allowed CONNECT " + target),
                     qPrintable(window.output()->networkText()));
            QCOMPARE(window.history().entries().size(), std::size_t(1));
            QVERIFY(!QString::fromStdString(window.history().entries().back().policy.toJson())
                         .contains(kTypedKey));
            window.editor()->document()->setModified(false);
            window.close();
        }
        qunsetenv("SANDBENCH_EGRESS_HOSTS");
        qunsetenv("SANDBENCH_EGRESS_CA");

        // Whatever the window wrote down when it closed holds the names, never the value.
        QFile history(RunHistory::defaultPath());
        QVERIFY(history.open(QIODevice::ReadOnly));
        QVERIFY(!history.readAll().contains(kTypedKey.toUtf8()));
        const QString savedPolicy = QSettings().value(QStringLiteral("run/policy")).toString();
        QVERIFY2(savedPolicy.contains("API_KEY"), qPrintable(savedPolicy));
        QVERIFY(!savedPolicy.contains(kTypedKey));
        QSettings settingsFile;
        QFile raw(settingsFile.fileName());
        if (raw.open(QIODevice::ReadOnly))
            QVERIFY(!raw.readAll().contains(kTypedKey.toUtf8()));
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestGuiNetworkPolicy test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_gui_network_policy.moc"
