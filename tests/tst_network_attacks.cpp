// The hostile suite's network attacks (attacks 61-70, `network: allow`) run by the engine, end to end, on
// the tiers that enforce an allow list: through the harness's own little network (real HTTPS on loopback,
// a CA the harness makes, names only the egress proxy resolves), one harness and one proxy per run, as the
// lab has them. The function check gets through and is expected; every attack is BLOCKED, by the egress
// proxy where it refused and by the network namespace where the program found no route; nothing is left
// behind. Whatever the lab's own network is, these attacks run with theirs. A tier that refuses an allow
// list shows an ERROR in every cell, never a BLOCKED, and its function check is not marked expected.

#include "core/attack_harness.h"
#include "core/attack_lab.h"
#include "core/attack_suite.h"
#include "support/source_paths.h"
#include "tiers/container/container_tier.h"
#include "tiers/host/host_tier.h"
#include "tiers/subprocess/subprocess_tier.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <map>
#include <memory>

using namespace sandbench;

namespace {

// The layer each bundled network attack must be BLOCKED by: the proxy, which saw and refused it, or the
// namespace, where the program had no route to try.
const std::map<std::string, std::string> kLayers{
    {"62_egress_name_not_listed.py", "egress proxy"},
    {"63_egress_other_port.py", "egress proxy"},
    {"64_egress_ip_literal.py", "egress proxy"},
    {"65_egress_dns_query.py", "namespace"},
    {"66_egress_direct_connection.py", "namespace"},
    {"67_egress_tls_name_differs.py", "egress proxy"},
    {"68_egress_host_header_differs.py", "egress proxy"},
    {"69_egress_placeholder_exfiltration.py", "egress proxy"},
    {"70_egress_read_real_secret.py", "egress proxy"},
};

int egressFolders() {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::temp_directory_path()))
        count += entry.path().filename().string().rfind("sandbench-egress-", 0) == 0;
    return count;
}

// The control's runs without its control label: a sandboxed tier as far as the lab knows, which refuses an
// allow list as the gVisor and microVM tiers do until they can enforce one.
class RefusingTier final : public HostTier {
public:
    RefusingTier() {
        m_info = HostTier::tierInfo();
        m_info.name = "refusing";
        m_info.control = false;
    }
    const TierInfo& info() const override { return m_info; }

private:
    TierInfo m_info;
};

} // namespace

class TestNetworkAttacks : public QObject {
    Q_OBJECT

    // This test's own temporary folder, so the proxies' folders it counts are its own and no other test's
    // on the same machine. Open to every user, as /tmp is, for the tiers' other uids.
    QTemporaryDir m_temp;
    std::unique_ptr<AttackHarness> m_harness;
    std::vector<Attack> m_suite;

    static std::unique_ptr<Tier> tierOf(const QString& row) {
        if (row == "subprocess")
            return std::make_unique<SubprocessTier>();
        ContainerSettings settings;
        settings.engine = row.toStdString();
        return std::make_unique<ContainerTier>(settings);
    }

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        QVERIFY(QFile::setPermissions(m_temp.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                         QFile::ReadGroup | QFile::ExeGroup |
                                                         QFile::ReadOther | QFile::ExeOther));
        qputenv("TMPDIR", m_temp.path().toLocal8Bit());
        m_harness = std::make_unique<AttackHarness>();
        if (!m_harness->network())
            QSKIP(m_harness->networkProblem().c_str());
        for (Attack& attack : loadAttackSuite(test_support::attacksSourceDir()))
            if (attack.allowListedNetwork)
                m_suite.push_back(std::move(attack));
        QCOMPARE(m_suite.size(), kLayers.size() + 1);
    }

    void cleanupTestCase() { m_harness.reset(); }

    void blockedOnEveryTierThatEnforcesIt_data() {
        QTest::addColumn<QString>("tier");
        QTest::addColumn<bool>("labNetwork"); // the lab's own policy: the whole network, or none
        QTest::newRow("subprocess, lab without network") << "subprocess" << false;
        QTest::newRow("subprocess, lab with the whole network") << "subprocess" << true;
        QTest::newRow("container on docker") << "docker" << false;
        QTest::newRow("container on podman") << "podman" << false;
    }

    void blockedOnEveryTierThatEnforcesIt() {
        QFETCH(QString, tier);
        QFETCH(bool, labNetwork);
        const std::unique_ptr<Tier> sandbox = tierOf(tier);
        if (const ProbeResult probe = sandbox->probe(); !probe.available)
            QSKIP(qPrintable(tier + ": " + QString::fromStdString(probe.reason)));
        LabOptions options;
        options.policy.timeoutSeconds = 10;
        options.policy.network = labNetwork;
        options.overlap = 2;
        const int foldersBefore = egressFolders();
        const LabReport report = runAttackLab(*sandbox, m_suite, *m_harness, options, {});
        QCOMPARE(report.outcomes.size(), m_suite.size());
        QStringList failures;
        for (const AttackOutcome& outcome : report.outcomes) {
            const QString cell =
                QString::fromStdString(outcome.fileName + ": " + std::string(toString(outcome.verdict)) +
                                       " [" + outcome.layer + "] " + outcome.evidence);
            if (!outcome.leftovers.empty())
                failures << cell + " — left behind " + QString::fromStdString(outcome.leftovers.front());
            if (outcome.fileName == "61_egress_allowed_name.py") {
                if (outcome.verdict != Verdict::Allowed || !outcome.expected)
                    failures << cell + " — the function check must get through, expected";
                continue;
            }
            const auto layer = kLayers.find(outcome.fileName);
            if (layer == kLayers.end())
                failures << cell + " — a network attack this test does not know";
            else if (outcome.verdict != Verdict::Blocked || outcome.layer != layer->second)
                failures << cell + " — must be BLOCKED by " + QString::fromStdString(layer->second);
            if (outcome.layer == "egress proxy" && outcome.result.egress.empty())
                failures << cell + " — named the proxy without its record";
        }
        for (const QString& failure : failures)
            qWarning("%s", qPrintable(failure));
        QVERIFY2(failures.isEmpty(), qPrintable(QString::number(failures.size()) + " cells failed"));
        // Each run's proxy, its CA and the secret's settings went with the run.
        QCOMPARE(egressFolders(), foldersBefore);
    }

    void aTierThatRefusesAnAllowListShowsErrors() {
        RefusingTier tier;
        const LabReport report = runAttackLab(tier, m_suite, *m_harness, LabOptions{}, {});
        QCOMPARE(report.outcomes.size(), m_suite.size());
        for (const AttackOutcome& outcome : report.outcomes) {
            QVERIFY2(outcome.verdict == Verdict::Error, outcome.evidence.c_str());
            QVERIFY2(outcome.evidence.find("cannot enforce a network allow list") != std::string::npos,
                     outcome.evidence.c_str());
            QVERIFY(!outcome.expected);
        }
    }

    void theControlLetsEveryOneThrough() {
        HostTier control;
        const LabReport report = runAttackLab(control, m_suite, *m_harness, LabOptions{}, {});
        QCOMPARE(report.outcomes.size(), m_suite.size());
        for (const AttackOutcome& outcome : report.outcomes) {
            QVERIFY2(outcome.verdict == Verdict::Allowed && outcome.expected, outcome.evidence.c_str());
            // The real key is the control's to hold, but no evidence shows it.
            QVERIFY2(outcome.evidence.find(m_harness->network()->secretValue()) == std::string::npos,
                     outcome.evidence.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestNetworkAttacks)
#include "tst_network_attacks.moc"
