// A tier registered only here (tests/support/fake_tier.*), with two settings, shows in every front end
// although none of them names it: the workbench's tier selector and its settings group (saved, and reaching
// the tier), the Attack Lab's tier list, the CLI's `tiers` and tier options, a lab run's JSON and its
// HTML report. Offscreen.

#include "cli/arguments.h"
#include "cli/commands.h"
#include "gui/attack_lab_page.h"
#include "gui/code_editor.h"
#include "gui/lab_controller.h"
#include "gui/main_window.h"
#include "gui/output_pane.h"
#include "gui/run_panel.h"
#include "support/fake_tier.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <iostream>
#include <sstream>

using namespace sandbench;
using test_support::kFakeTier;

namespace {

TierRegistry fakeRegistry() {
    TierRegistry registry;
    test_support::addFakeTier(registry);
    return registry;
}

std::string settingOf(const TierSettings& settings, const std::string& key) {
    const auto found = settings.find(key);
    return found == settings.end() ? std::string() : found->second;
}

// One attack that gets through wherever nothing stops it, and says which mood the tier was in.
void writeSuite(const QTemporaryDir& folder) {
    QFile attack(folder.filePath(QStringLiteral("leak.py")));
    QVERIFY(attack.open(QIODevice::WriteOnly));
    attack.write("# name: Leak the mood\n# category: test\n# expect: marker LEAKED\n"
                 "import os\nprint('LEAKED', os.environ.get('FAKE_MOOD'))\n");
}

struct CommandRun {
    int status = -1;
    std::string out;
    std::string usageError; // what a UsageError said, when one was thrown
};

// A CLI command over the fake registry, its standard output captured.
CommandRun runCommand(int (*command)(cli::Arguments&, const TierRegistry&), std::vector<std::string> words) {
    const TierRegistry registry = fakeRegistry();
    cli::Arguments arguments(std::move(words));
    std::ostringstream out;
    std::streambuf* const shown = std::cout.rdbuf(out.rdbuf());
    CommandRun run;
    try {
        run.status = command(arguments, registry);
    } catch (const cli::UsageError& error) {
        run.usageError = error.what();
    }
    std::cout.rdbuf(shown);
    run.out = out.str();
    return run;
}

QJsonArray jsonArray(const std::string& text) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).array();
}

} // namespace

class TestFakeTier : public QObject {
    Q_OBJECT

private:
    static std::unique_ptr<MainWindow> probedWindow() {
        auto window = std::make_unique<MainWindow>(fakeRegistry());
        if (!window->tiersProbed())
            QSignalSpy(window.get(), &MainWindow::tiersReady).wait(20000);
        return window;
    }

    static void closeWithoutPrompt(MainWindow& window) {
        window.editor()->document()->setModified(false);
        window.close();
    }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_fake_tier"));
        QSettings().clear();
    }

    void cleanup() { QSettings().clear(); }

    void theWorkbenchOffersTheTierAndItsSettings() {
        auto window = probedWindow();
        QVERIFY(window->tiersProbed());
        RunPanel* panel = window->runPanel();
        QCOMPARE(panel->currentTier(), QString(kFakeTier)); // the only tier, and no control
        QVERIFY2(panel->tierNotes(kFakeTier).contains("mood calm"), qPrintable(panel->tierNotes(kFakeTier)));

        auto* mood = panel->findChild<QComboBox*>(QStringLiteral("fake.mood"));
        auto* depth = panel->findChild<QSpinBox*>(QStringLiteral("fake.depth"));
        QVERIFY(mood && depth);
        window->show();
        QVERIFY(mood->isVisible()); // its group shows while its tier is chosen
        QCOMPARE(qobject_cast<QGroupBox*>(mood->parentWidget())->title(), QStringLiteral("Fake tier"));
        QCOMPARE(mood->currentData().toString(), QStringLiteral("calm"));
        QCOMPARE(mood->itemText(1), QStringLiteral("Loud"));
        QCOMPARE(mood->toolTip(), QStringLiteral("How the fake tier feels"));
        QCOMPARE(depth->value(), 2);
        QCOMPARE(depth->maximum(), 9);
        QCOMPARE(depth->specialValueText(), QStringLiteral("None"));
        closeWithoutPrompt(*window);
    }

    // A new mood makes a new tier, a new depth is taken in place (the tier says which); both reach its probe
    // and its runs, are saved under tiers/fake/, and win over the defaults after a restart.
    void settingsReachTheTierAndSurviveARestart() {
        {
            auto window = probedWindow();
            RunPanel* panel = window->runPanel();
            auto* mood = panel->findChild<QComboBox*>(QStringLiteral("fake.mood"));
            auto* depth = panel->findChild<QSpinBox*>(QStringLiteral("fake.depth"));
            const std::shared_ptr<Tier> first = window->tier(kFakeTier);

            QSignalSpy reprobed(window.get(), &MainWindow::tierReprobed);
            mood->setCurrentIndex(mood->findData(QStringLiteral("loud")));
            QCOMPARE(settingOf(window->tierSettings(kFakeTier), "mood"), std::string("loud"));
            const std::shared_ptr<Tier> second = window->tier(kFakeTier);
            QVERIFY(second != first);
            QVERIFY(reprobed.wait(10000));
            QVERIFY2(panel->tierNotes(kFakeTier).contains("mood loud"),
                     qPrintable(panel->tierNotes(kFakeTier)));

            depth->setValue(7);
            QCOMPARE(window->tier(kFakeTier), second);
            QTRY_VERIFY_WITH_TIMEOUT(panel->tierNotes(kFakeTier).contains("depth 7"), 10000);
            QCOMPARE(QSettings().value(QStringLiteral("tiers/fake/mood")).toString(), QStringLiteral("loud"));
            QCOMPARE(QSettings().value(QStringLiteral("tiers/fake/depth")).toString(), QStringLiteral("7"));

            QSignalSpy finished(window.get(), &MainWindow::runFinished);
            window->editor()->setPlainText(
                QStringLiteral("import os\nprint('mood', os.environ['FAKE_MOOD'])\n"));
            window->runAction()->trigger();
            QVERIFY(finished.wait(20000));
            QVERIFY2(window->output()->text().contains("mood loud"), qPrintable(window->output()->text()));
            closeWithoutPrompt(*window);
        }
        auto window = probedWindow();
        QCOMPARE(settingOf(window->tierSettings(kFakeTier), "mood"), std::string("loud"));
        QCOMPARE(settingOf(window->runPanel()->tierSettings(kFakeTier), "depth"), std::string("7"));
        QVERIFY(window->runPanel()->tierNotes(kFakeTier).contains("depth 7"));
        closeWithoutPrompt(*window);
    }

    // Settings saved where versions before "tiers/" kept them ("<tier>/<key>") are read and moved.
    void olderSettingsAreMoved() {
        QSettings().setValue(QStringLiteral("fake/depth"), 5);
        QSettings().setValue(QStringLiteral("fake/mood"), QStringLiteral("sad")); // not a choice: the default
        auto window = probedWindow();
        QCOMPARE(settingOf(window->tierSettings(kFakeTier), "depth"), std::string("5"));
        QCOMPARE(settingOf(window->tierSettings(kFakeTier), "mood"), std::string("calm"));
        QVERIFY(!QSettings().contains(QStringLiteral("fake/depth")));
        QCOMPARE(QSettings().value(QStringLiteral("tiers/fake/depth")).toString(), QStringLiteral("5"));
        closeWithoutPrompt(*window);
    }

    void theAttackLabListsTheTierAndReportsIt() {
        QTemporaryDir suite;
        writeSuite(suite);
        auto window = probedWindow();
        AttackLabPage* lab = window->attackLab();
        const auto boxes = lab->findChildren<QCheckBox*>();
        QCOMPARE(boxes.size(), 1);
        QCOMPARE(boxes.front()->text(), QString(kFakeTier));
        QCOMPARE(lab->checkedTiers(), QStringList{kFakeTier}); // neither the control nor billed

        lab->setSuiteFolder(suite.path());
        QSignalSpy finished(lab, &AttackLabPage::labFinished);
        QVERIFY(lab->startLab());
        QVERIFY(finished.wait(60000));
        QTemporaryDir out;
        QString error;
        QVERIFY2(lab->exportRun(out.filePath(QStringLiteral("run.json")), &error), qPrintable(error));
        QVERIFY2(lab->exportRun(out.filePath(QStringLiteral("run.html")), &error), qPrintable(error));
        QFile json(out.filePath(QStringLiteral("run.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        // The export is the whole lab-run document: the tier as it described itself, and its outcomes.
        const QJsonObject document = QJsonDocument::fromJson(json.readAll()).object();
        const QJsonArray tiers = document["tiers"].toArray();
        QCOMPARE(tiers.size(), 1);
        QCOMPARE(tiers.at(0)["name"].toString(), QString(kFakeTier));
        QVERIFY(
            tiers.at(0)["description"].toString().startsWith(QStringLiteral("a tier only the tests know")));
        const QJsonArray outcomes = document["outcomes"].toArray();
        QCOMPARE(outcomes.size(), 1);
        QCOMPARE(outcomes.at(0)["tier"].toString(), QString(kFakeTier));
        QCOMPARE(outcomes.at(0)["verdict"].toString(), QStringLiteral("ALLOWED"));
        QFile html(out.filePath(QStringLiteral("run.html")));
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QString report = QString::fromUtf8(html.readAll());
        QVERIFY(report.contains(QStringLiteral("data-tier=\"fake\"")));
        QVERIFY(report.contains(QStringLiteral("a tier only the tests know"))); // its description
        closeWithoutPrompt(*window);
    }

    void theCommandLineListsTheTierWithItsOptions_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("note");       // in the tier's notes, when listed
        QTest::addColumn<QString>("usageError"); // else what the command refused
        QTest::newRow("defaults") << QStringList{} << "mood calm"
                                  << "";
        QTest::newRow("a choice") << QStringList{"--mood", "loud"} << "mood loud"
                                  << "";
        QTest::newRow("a number") << QStringList{"--depth=9"} << "depth 9"
                                  << "";
        QTest::newRow("no such choice") << QStringList{"--mood", "sad"} << ""
                                        << "--mood must be calm or loud, not \"sad\"";
        QTest::newRow("out of range") << QStringList{"--depth", "10"} << ""
                                      << "--depth must be a whole number from 0 to 9, not \"10\"";
    }

    void theCommandLineListsTheTierWithItsOptions() {
        QFETCH(QStringList, options);
        QFETCH(QString, note);
        QFETCH(QString, usageError);
        std::vector<std::string> words{"--json"};
        for (const QString& option : options)
            words.push_back(option.toStdString());
        const CommandRun run = runCommand(&cli::tiersCommand, words);
        QCOMPARE(QString::fromStdString(run.usageError), usageError);
        if (!usageError.isEmpty())
            return;
        QCOMPARE(run.status, 0);
        const QJsonArray tiers = jsonArray(run.out);
        QCOMPARE(tiers.size(), 1);
        const QJsonObject tier = tiers.at(0).toObject();
        QCOMPARE(tier["name"].toString(), QString(kFakeTier));
        QCOMPARE(tier["control"].toBool(), false);
        QCOMPARE(tier["available"].toBool(), true);
        QCOMPARE(tier["description"].toString(),
                 QString::fromStdString(test_support::fakeTierInfo().description));
        QVERIFY2(tier["notes"].toArray().contains(note), run.out.c_str());
    }

    void theCommandLineHelpNamesTheTiersOptions() {
        const CommandRun run = runCommand(&cli::tiersCommand, {"--help"});
        QCOMPARE(run.status, 0);
        const QString help = QString::fromStdString(run.out);
        QVERIFY2(help.contains("--mood calm|loud") && help.contains("the fake tier's mood (default calm)"),
                 run.out.c_str());
        QVERIFY2(help.contains("--depth N") && help.contains("the fake tier's depth (0 to 9, default 2)"),
                 run.out.c_str());
    }

    void theCommandLineLabRunsOnTheTier() {
        QTemporaryDir suite;
        writeSuite(suite);
        QTemporaryDir out;
        const std::string report = out.filePath(QStringLiteral("report.html")).toStdString();
        const CommandRun run =
            runCommand(&cli::attacksCommand, {"--suite", suite.path().toStdString(), "--json", "--mood",
                                              "loud", "--report", report});
        QCOMPARE(run.status, 0);
        const QJsonArray outcomes = jsonArray(run.out);
        QCOMPARE(outcomes.size(), 1); // the default tier: the fake one
        const QJsonObject outcome = outcomes.at(0).toObject();
        QCOMPARE(outcome["tier"].toString(), QString(kFakeTier));
        QCOMPARE(outcome["verdict"].toString(), QStringLiteral("ALLOWED"));
        QVERIFY2(outcome["result"].toObject()["stdout"].toString().contains("LEAKED loud"), run.out.c_str());
        QFile html(QString::fromStdString(report));
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(html.readAll());
        QVERIFY(text.contains(QStringLiteral("data-tier=\"fake\"")));
        QVERIFY(text.contains(QStringLiteral("mood loud"))); // the tier's probe notes, as the lab saw them
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestFakeTier test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_fake_tier.moc"
