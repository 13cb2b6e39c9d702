// Why a tier cannot run is said in words the workbench can translate: every reason a tier's probe gives,
// made for real here with settings and an environment that break one thing each, is an instance of one of
// core's engine forms (core/engine_phrases.cpp). A reason no form knows would stay English in German and
// French, beside a translated window.

#include "core/engine_phrases.h"
#include "tiers/builtin_tiers.h"

#include <QTest>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>

using namespace sandbench;

namespace {

// Sets (or, for an empty value, unsets) environment variables for one scope, then puts them back.
class ScopedEnvironment {
public:
    explicit ScopedEnvironment(const std::map<std::string, std::string>& values) {
        for (const auto& [name, value] : values) {
            const char* old = std::getenv(name.c_str());
            m_saved[name] = old ? std::optional<std::string>(old) : std::nullopt;
            if (value.empty())
                ::unsetenv(name.c_str());
            else
                ::setenv(name.c_str(), value.c_str(), 1);
        }
    }
    ~ScopedEnvironment() {
        for (const auto& [name, value] : m_saved) {
            if (value)
                ::setenv(name.c_str(), value->c_str(), 1);
            else
                ::unsetenv(name.c_str());
        }
    }
    ScopedEnvironment(const ScopedEnvironment&) = delete;
    ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

private:
    std::map<std::string, std::optional<std::string>> m_saved;
};

using Settings = std::map<std::string, std::string>;

} // namespace

Q_DECLARE_METATYPE(Settings)

class TestProbeReasons : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyReasonIsAForm_data() {
        QTest::addColumn<QString>("tier");
        QTest::addColumn<Settings>("settings");
        QTest::addColumn<Settings>("environment");
        const Settings none;
        const Settings noPath{{"PATH", "/nonexistent-sandbench-path"}};
        // A setting's choices are checked where it is set; the environment's are the tier's to refuse.
        QTest::newRow("container, unknown engine")
            << "container" << none << Settings{{"SANDBENCH_CONTAINER_ENGINE", "bogus"}};
        QTest::newRow("container, no docker CLI") << "container" << Settings{{"engine", "docker"}} << noPath;
        QTest::newRow("container, no podman CLI") << "container" << Settings{{"engine", "podman"}} << noPath;
        QTest::newRow("container, no engine at all") << "container" << Settings{{"engine", "auto"}} << noPath;
        QTest::newRow("container, no such image")
            << "container" << Settings{{"image", "sandbench/no-such-image:0"}} << none;
        QTest::newRow("container, daemon gone")
            << "container" << Settings{{"engine", "docker"}}
            << Settings{{"DOCKER_HOST", "unix:///nonexistent-sandbench.sock"}};
        QTest::newRow("microvm, unknown accelerator")
            << "microvm" << none << Settings{{"SANDBENCH_ACCELERATOR", "bogus"}};
        QTest::newRow("microvm, no guest image")
            << "microvm" << Settings{{"guestFolder", "/nonexistent-sandbench-guest"}} << none;
        QTest::newRow("microvm, no QEMU")
            << "microvm" << none << Settings{{"SANDBENCH_QEMU", "/nonexistent-sandbench-qemu"}};
        QTest::newRow("gvisor, unknown platform")
            << "gvisor" << none << Settings{{"SANDBENCH_GVISOR_PLATFORM", "bogus"}};
        QTest::newRow("gvisor, bad SANDBENCH_RUNSC")
            << "gvisor" << none << Settings{{"SANDBENCH_RUNSC", "/nonexistent-sandbench-runsc"}};
        QTest::newRow("e2b, no key") << "e2b" << Settings{{"apiKey", ""}} << Settings{{"E2B_API_KEY", ""}};
    }

    void everyReasonIsAForm() {
        QFETCH(QString, tier);
        QFETCH(Settings, settings);
        QFETCH(Settings, environment);
        const ScopedEnvironment scoped(environment);
        const TierRegistry registry = builtinTiers();
        const std::unique_ptr<Tier> made = registry.create(tier.toStdString(), settings);
        QVERIFY(made);
        const ProbeResult probe = made->probe();
        QVERIFY2(!probe.available, "the broken setting went unnoticed: the tier says it can run");
        QVERIFY(!probe.reason.empty());
        const std::optional<PhraseMatch> match = matchPhrase(probe.reason);
        QVERIFY2(match, probe.reason.c_str());
        // The form is the whole sentence's, not a join that only one side of matched.
        QVERIFY2(match->form.find(" · ") == std::string_view::npos, probe.reason.c_str());
    }
};

QTEST_GUILESS_MAIN(TestProbeReasons)
#include "tst_probe_reasons.moc"
