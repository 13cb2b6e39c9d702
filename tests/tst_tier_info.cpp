// What a tier says of itself (core/tier_info.h): which values its settings accept, how each built-in tier
// parses what a front end gives over its environment, and that the registry and every tier agree on
// who each tier is.

#include "core/tier_info.h"
#include "tiers/builtin_tiers.h"
#include "tiers/container/container_settings.h"
#include "tiers/e2b/e2b_settings.h"
#include "tiers/microvm/microvm_settings.h"

#include <QTest>

using namespace sandbench;

Q_DECLARE_METATYPE(sandbench::TierSetting)

namespace {

TierSetting choice() {
    TierSetting setting;
    setting.key = "engine";
    setting.kind = SettingKind::Choice;
    setting.choices = {{"auto", "Auto"}, {"docker", "Docker"}, {"podman", "Podman"}};
    return setting;
}

TierSetting number() {
    TierSetting setting;
    setting.key = "warmPool";
    setting.kind = SettingKind::Integer;
    setting.minimum = 0;
    setting.maximum = 16;
    return setting;
}

TierSetting ofKind(SettingKind kind) {
    TierSetting setting;
    setting.key = "value";
    setting.kind = kind;
    return setting;
}

// Sets (or with nullptr unsets) an environment variable for the scope, and puts it back after.
class ScopedVariable {
public:
    ScopedVariable(const char* name, const char* value)
        : m_name(name)
        , m_wasSet(qEnvironmentVariableIsSet(name))
        , m_old(qgetenv(name)) {
        if (value)
            qputenv(name, value);
        else
            qunsetenv(name);
    }
    ~ScopedVariable() {
        if (m_wasSet)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }
    ScopedVariable(const ScopedVariable&) = delete;
    ScopedVariable& operator=(const ScopedVariable&) = delete;

private:
    const char* m_name;
    bool m_wasSet;
    QByteArray m_old;
};

} // namespace

class TestTierInfo : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aSettingAcceptsOnlyItsValues_data() {
        QTest::addColumn<TierSetting>("setting");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("problem");
        QTest::newRow("a choice") << choice() << "podman"
                                  << "";
        QTest::newRow("not a choice") << choice() << "lxc"
                                      << "must be auto, docker or podman";
        QTest::newRow("a choice is exact") << choice() << "Docker"
                                           << "must be auto, docker or podman";
        QTest::newRow("the lowest number") << number() << "0"
                                           << "";
        QTest::newRow("the highest number") << number() << "16"
                                            << "";
        QTest::newRow("above the range") << number() << "17"
                                         << "must be a whole number from 0 to 16";
        QTest::newRow("below the range") << number() << "-1"
                                         << "must be a whole number from 0 to 16";
        QTest::newRow("not whole") << number() << "2.5"
                                   << "must be a whole number from 0 to 16";
        QTest::newRow("trailing text") << number() << "3 "
                                       << "must be a whole number from 0 to 16";
        QTest::newRow("an absolute folder") << ofKind(SettingKind::Folder) << "/srv/guest"
                                            << "";
        QTest::newRow("a relative folder") << ofKind(SettingKind::Folder) << "guest"
                                           << "must be an absolute folder";
        QTest::newRow("a text") << ofKind(SettingKind::Text) << "sandbench/python:3"
                                << "";
        QTest::newRow("an empty text") << ofKind(SettingKind::Text) << ""
                                       << "must not be empty";
        QTest::newRow("an empty secret") << ofKind(SettingKind::Secret) << ""
                                         << "must not be empty";
    }

    void aSettingAcceptsOnlyItsValues() {
        QFETCH(TierSetting, setting);
        QFETCH(QString, value);
        QFETCH(QString, problem);
        QCOMPARE(QString::fromStdString(settingProblem(setting, value.toStdString())), problem);
        const TierSettings accepted = acceptedSettings({setting}, {{setting.key, value.toStdString()}});
        QCOMPARE(accepted.count(setting.key), std::size_t(problem.isEmpty() ? 1 : 0));
    }

    void keysNoSettingDescribesAreLeftOut() {
        QCOMPARE(acceptedSettings({number()}, {{"warmPool", "2"}, {"colour", "red"}}),
                 (TierSettings{{"warmPool", "2"}}));
    }

    // Given settings win over the environment's; a value the tier does not accept keeps the environment's.
    void theContainerTierReadsItsSettingsOverTheEnvironment() {
        const ScopedVariable engine("SANDBENCH_CONTAINER_ENGINE", "podman");
        const ScopedVariable image("SANDBENCH_CONTAINER_IMAGE", "from/the-environment:7");
        const ScopedVariable pool("SANDBENCH_WARM_POOL", "3");
        const ContainerSettings fromEnvironment = ContainerSettings::from({});
        QCOMPARE(fromEnvironment.engine, std::string("podman"));
        QCOMPARE(fromEnvironment.image, std::string("from/the-environment:7"));
        QCOMPARE(fromEnvironment.warmPoolSize, 3);
        const ContainerSettings given =
            ContainerSettings::from({{"engine", "docker"}, {"image", "mine:1"}, {"warmPool", "2"}});
        QCOMPARE(given.engine, std::string("docker"));
        QCOMPARE(given.image, std::string("mine:1"));
        QCOMPARE(given.warmPoolSize, 2);
        const ContainerSettings refused =
            ContainerSettings::from({{"engine", "lxc"}, {"image", ""}, {"warmPool", "99"}});
        QCOMPARE(refused.engine, std::string("podman"));
        QCOMPARE(refused.image, std::string("from/the-environment:7"));
        QCOMPARE(refused.warmPoolSize, 3);

        // What a form shows first is what the tier would use.
        const std::vector<TierSetting> described = ContainerSettings::describe();
        QCOMPARE(described.size(), std::size_t(3));
        QCOMPARE(described.at(0).defaultValue, std::string("podman"));
        QCOMPARE(described.at(1).defaultValue, std::string("from/the-environment:7"));
        QCOMPARE(described.at(2).defaultValue, std::string("3"));
    }

    void anEngineNoFormOffersDefaultsToAuto() {
        const ScopedVariable engine("SANDBENCH_CONTAINER_ENGINE", "lxc");
        QCOMPARE(ContainerSettings::describe().at(0).defaultValue, std::string("auto"));
    }

    void theMicrovmTierTakesItsGuestFolderFromTheCommandLineOnly() {
        const ScopedVariable accelerator("SANDBENCH_ACCELERATOR", "tcg");
        const ScopedVariable folder("SANDBENCH_GUEST_DIR", nullptr);
        const MicrovmSettings given =
            MicrovmSettings::from({{"accelerator", "kvm"}, {"guestFolder", "/srv/g"}});
        QCOMPARE(given.accelerator, std::string("kvm"));
        QCOMPARE(given.guestFolder, std::string("/srv/g"));
        QCOMPARE(MicrovmSettings::from({{"guestFolder", "relative"}}).guestFolder, std::string());
        QCOMPARE(MicrovmSettings::from({}).accelerator, std::string("tcg"));
        int shownInForms = 0;
        for (const TierSetting& setting : MicrovmSettings::describe()) {
            shownInForms += setting.commandLineOnly ? 0 : 1;
            QVERIFY2(!setting.option.empty(), setting.key.c_str()); // each can be set on the command line
        }
        QCOMPARE(shownInForms, 2);
    }

    // A key typed in a form replaces the environment's for the tier it creates; an empty one does not.
    void theE2bKeyIsASecretOverTheEnvironment() {
        const ScopedVariable key("E2B_API_KEY", "e2b_0123456789abcdef");
        const ScopedVariable templateId("SANDBENCH_E2B_TEMPLATE", nullptr);
        QCOMPARE(E2bSettings::from({}).apiKey, std::string("e2b_0123456789abcdef"));
        QCOMPARE(E2bSettings::from({{"apiKey", ""}}).apiKey, std::string("e2b_0123456789abcdef"));
        QCOMPARE(E2bSettings::from({{"apiKey", "e2b_feed"}, {"template", "mine"}}).apiKey,
                 std::string("e2b_feed"));
        QCOMPARE(E2bSettings::from({{"template", "mine"}}).templateId, std::string("mine"));
        const std::vector<TierSetting> described = E2bSettings::describe();
        QCOMPARE(described.at(0).kind, SettingKind::Secret);
        QVERIFY(described.at(0).defaultValue.empty()); // never shown, never saved
        QCOMPARE(described.at(0).placeholder, std::string("From E2B_API_KEY"));
        QCOMPARE(described.at(1).defaultValue, std::string("code-interpreter-v1"));
    }

    void everyTierIsTheTierItWasRegisteredAs() {
        const TierRegistry registry = builtinTiers();
        QCOMPARE(registry.defaultName(), std::string("subprocess")); // the first that is not the control
        int controls = 0;
        for (const TierInfo& listed : registry.tiers()) {
            const std::unique_ptr<Tier> tier = registry.create(listed.name);
            QVERIFY(tier);
            const TierInfo& own = tier->info();
            QCOMPARE(own.name, listed.name);
            QCOMPARE(tier->name(), listed.name);
            QCOMPARE(own.control, listed.control);
            QCOMPARE(own.ownKernel, listed.ownKernel);
            QCOMPARE(own.billed, listed.billed);
            QCOMPARE(own.settings.size(), listed.settings.size());
            QVERIFY2(!listed.label.empty() && !listed.description.empty(), listed.name.c_str());
            controls += listed.control ? 1 : 0;
            for (const TierSetting& setting : listed.settings) {
                const bool secret = setting.kind == SettingKind::Secret;
                // Every default is one the setting accepts, so a form starts from a valid value.
                QVERIFY2(secret || settingProblem(setting, setting.defaultValue).empty(),
                         setting.key.c_str());
                QVERIFY2(!setting.label.empty() && !setting.help.empty(), setting.key.c_str());
            }
        }
        QCOMPARE(controls, 1);
        QVERIFY(!registry.create("no-such-tier"));
        QVERIFY(!registry.info("no-such-tier"));
    }
};

QTEST_GUILESS_MAIN(TestTierInfo)

#include "tst_tier_info.moc"
