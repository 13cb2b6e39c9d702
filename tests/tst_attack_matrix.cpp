// The issues' acceptance matrix, run for real through sandbench-cli: the whole hostile suite on the
// unprotected host control (every attack must get through there, or it is broken) and on the hardened
// subprocess tier, both as root and as an ordinary user, on the container tier with Docker and with
// Podman (as root, who may use the engines), on the gVisor tier with both engines, and on the microVM tier.
// Every other tier must block every attack its metadata does not expect it to let through, name the layer,
// and leave nothing behind. The ordinary user is created here when the test runs as root (CI does); running
// as an ordinary user, the root rows are skipped with the reason.

#include "support/source_paths.h"
#include "support/temp_folder_watch.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <pwd.h>
#include <unistd.h>

namespace {

constexpr const char* kTestUser = "sandbench-test";

// The evidence each attack must show on the subprocess tier: the layer that stopped it.
struct ExpectedBlock {
    const char* file;
    QStringList evidenceWords;
};
const ExpectedBlock kSubprocessEvidence[] = {
    {"01_cpu_loop.py", {"wall timeout"}},
    {"02_memory_grab.py", {"MemoryError", "RLIMIT_AS"}},
    {"03_fork_flood.py", {"EAGAIN", "RLIMIT_NPROC", "user namespace"}},
    {"04_disk_fill.py", {"EFBIG", "RLIMIT_FSIZE"}},
    {"05_read_host_secret.py", {"not present in sandbox", "mount namespace"}},
    {"06_reach_internal_service.py", {"network unreachable", "empty network namespace"}},
};

// ...and on the container tier, where the engine's cgroups, flags and the read-only root stop them.
const ExpectedBlock kContainerEvidence[] = {
    {"01_cpu_loop.py", {"wall-clock limit", "kill", "is gone"}},
    {"02_memory_grab.py", {"OOM killer", "memory cgroup"}},
    {"03_fork_flood.py", {"EAGAIN", "pids cgroup"}},
    {"04_disk_fill.py", {"EFBIG", "--ulimit fsize"}},
    {"05_read_host_secret.py", {"not present in sandbox", "no host folder mounted"}},
    {"06_reach_internal_service.py", {"connection refused", "--network none"}},
};

// ...and under gVisor, where the Sentry enforces the rlimits on its own tasks and the host's memory cgroup
// holds the whole sandbox.
const ExpectedBlock kGvisorEvidence[] = {
    {"01_cpu_loop.py", {"wall-clock limit", "kill", "is gone"}},
    {"02_memory_grab.py", {"OOM killer", "memory cgroup", "whole gVisor sandbox"}},
    {"03_fork_flood.py", {"EAGAIN", "RLIMIT_NPROC in the gVisor Sentry"}},
    {"04_disk_fill.py", {"EFBIG", "gVisor Sentry (--ulimit fsize)"}},
    {"05_read_host_secret.py", {"not present in sandbox", "no host folder"}},
    {"06_reach_internal_service.py", {"connection refused", "runsc --network=none"}},
};

// ...and in the microVM, where the guest's own kernel enforces them and nothing of the host exists.
const ExpectedBlock kMicrovmEvidence[] = {
    {"01_cpu_loop.py", {"wall-clock limit", "QEMU process was killed"}},
    {"02_memory_grab.py", {"MemoryError", "guest RLIMIT_AS"}},
    {"03_fork_flood.py", {"EAGAIN", "guest RLIMIT_NPROC"}},
    {"04_disk_fill.py", {"EFBIG", "guest RLIMIT_FSIZE"}},
    {"05_read_host_secret.py", {"not present in sandbox", "no host folder shared"}},
    {"06_reach_internal_service.py", {"-nic none"}},
};

// Whether the evidence names the layer, as the judge checks it: case, hyphens and "'s" aside.
bool namesLayer(QString evidence, QString layer) {
    for (QString* text : {&evidence, &layer})
        *text = text->toLower().remove(QStringLiteral("'s")).replace(QLatin1Char('-'), QLatin1Char(' '));
    return evidence.contains(layer);
}

// Containers of any owner that carry Sandbench's label.
QStringList labelledContainers(const QString& engine) {
    QProcess ps;
    ps.start(engine, {"ps", "-a", "--filter", "label=sandbench", "--format", "{{.Names}}"});
    if (!ps.waitForFinished(30000) || ps.exitCode() != 0)
        return {"(" + engine + " ps failed)"};
    return QString::fromUtf8(ps.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
}

// Live processes on the host whose real uid is `uid`. Zombies are dead: on the host tier the killed fork
// flood is reparented to the machine's init, which reaps on its own schedule.
int countProcessesOf(uid_t uid) {
    int count = 0;
    const QStringList entries = QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& entry : entries) {
        bool isPid = false;
        entry.toInt(&isPid);
        QFile status("/proc/" + entry + "/status");
        if (!isPid || !status.open(QIODevice::ReadOnly))
            continue;
        bool zombie = false;
        bool owned = false;
        for (const QByteArray& line : status.readAll().split('\n')) {
            if (line.startsWith("State:"))
                zombie = line.contains("zombie");
            if (line.startsWith("Uid:") && line.split('\t').value(1).toUInt() == uid)
                owned = true;
        }
        count += owned && !zombie ? 1 : 0;
    }
    return count;
}

bool ensureTestUser(QString& why) {
    if (::getpwnam(kTestUser))
        return true;
    QProcess useradd;
    useradd.start("useradd", {"--system", "--no-create-home", "--shell", "/usr/sbin/nologin", kTestUser});
    if (!useradd.waitForFinished(30000) || useradd.exitCode() != 0) {
        why =
            "cannot create the ordinary test user: " + QString::fromLocal8Bit(useradd.readAllStandardError());
        return false;
    }
    return ::getpwnam(kTestUser) != nullptr;
}

} // namespace

class TestAttackMatrix : public QObject {
    Q_OBJECT

private:
    // The CLI and the suite copied where any user can read and run them (the build tree may be under /root).
    QTemporaryDir m_shared;
    QString m_cli;
    QString m_suite;
    QString m_userHome;

    QJsonArray runSuite(const QString& tier, const QString& engine, bool asOrdinaryUser) {
        // The CPU limit well above the 2 s wall clock, so the CPU loop meets the wall clock on every tier:
        // under TCG the guest kernel's CPU accounting can run ahead of the host's clock, and its 3 s
        // default limit (the timeout rounded up, plus one) then sometimes ends the loop first.
        const QString policyPath = m_shared.filePath("matrix-policy.json");
        if (!QFile::exists(policyPath)) {
            QFile policy(policyPath);
            if (policy.open(QIODevice::WriteOnly))
                policy.write("{\"cpu_s\": 8}\n");
            policy.close();
            QFile::setPermissions(policyPath,
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther | QFile::ReadGroup);
        }
        QStringList arguments{"attacks",   "--tier", tier,      "--suite", m_suite,    "--json",
                              "--timeout", "2",      "--grace", "2",       "--policy", policyPath};
        if (!engine.isEmpty())
            arguments << "--engine" << engine;
        QProcess process;
        if (asOrdinaryUser && ::geteuid() == 0) {
            // The ordinary user's own home, where the harness plants its canary dotfile.
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert("HOME", m_userHome);
            process.setProcessEnvironment(environment);
            process.start("setpriv", QStringList{"--reuid", kTestUser, "--regid", kTestUser, "--clear-groups",
                                                 "--", m_cli} +
                                         arguments);
        } else {
            process.start(m_cli, arguments);
        }
        if (!process.waitForFinished(600000)) {
            process.kill();
            return {};
        }
        const QByteArray errors = process.readAllStandardError();
        if (process.exitCode() != 0)
            qWarning("sandbench-cli failed: %s", errors.constData());
        return QJsonDocument::fromJson(process.readAllStandardOutput()).array();
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_shared.isValid());
        QVERIFY(QFile::setPermissions(
            m_shared.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup |
                                 QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther));
        m_cli = m_shared.filePath("sandbench-cli");
        QVERIFY(QFile::copy(test_support::cliPath(), m_cli));
        QVERIFY(QFile::setPermissions(m_cli, QFile::ReadOwner | QFile::ExeOwner | QFile::ReadGroup |
                                                 QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther));
        m_userHome = m_shared.filePath("home");
        QVERIFY(QDir().mkpath(m_userHome));
        QVERIFY(QFile::setPermissions(m_userHome, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                      QFile::ReadOther | QFile::WriteOther |
                                                      QFile::ExeOther));
        // The suite and the helpers its attacks include, readable by the ordinary user.
        m_suite = m_shared.filePath("attacks");
        for (const QString& folder : {QString(), QStringLiteral("/include")}) {
            QVERIFY(QDir().mkpath(m_suite + folder));
            const QDir source(test_support::attacksSourceDir() + folder);
            for (const QString& name : source.entryList({"*.py"}, QDir::Files)) {
                const QString copy = m_suite + folder + "/" + name;
                QVERIFY(QFile::copy(source.filePath(name), copy));
                QVERIFY(QFile::setPermissions(copy, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
            }
        }
    }

    // One row per tier: the whole suite runs once per row, through the CLI, and every attack is checked.
    void wholeSuite_data() {
        QTest::addColumn<QString>("tier");
        QTest::addColumn<QString>("engine");
        QTest::addColumn<bool>("asOrdinaryUser");
        QTest::newRow("host as root (control)") << "host" << QString() << false;
        QTest::newRow("host as an ordinary user (control)") << "host" << QString() << true;
        QTest::newRow("subprocess as root") << "subprocess" << QString() << false;
        QTest::newRow("subprocess as an ordinary user") << "subprocess" << QString() << true;
        QTest::newRow("container on docker") << "container"
                                             << "docker" << false;
        QTest::newRow("container on podman") << "container"
                                             << "podman" << false;
        QTest::newRow("gvisor on docker") << "gvisor"
                                          << "docker" << false;
        QTest::newRow("gvisor on podman") << "gvisor"
                                          << "podman" << false;
        QTest::newRow("microvm") << "microvm" << QString() << false;
    }

    void wholeSuite() {
        QFETCH(QString, tier);
        QFETCH(QString, engine);
        QFETCH(bool, asOrdinaryUser);
        if (!asOrdinaryUser && ::geteuid() != 0)
            QSKIP("the root rows need the test to run as root (CI does)");
        if (asOrdinaryUser && ::geteuid() == 0) {
            QString why;
            if (!ensureTestUser(why))
                QFAIL(qPrintable(why));
        }

        if (!engine.isEmpty() || tier == "microvm") {
            QProcess probe;
            probe.start(m_cli, {"tiers", "--json", "--engine", engine.isEmpty() ? "auto" : engine});
            QVERIFY(probe.waitForFinished(60000));
            for (const QJsonValue& listed : QJsonDocument::fromJson(probe.readAllStandardOutput()).array()) {
                const QJsonObject object = listed.toObject();
                if (object["name"] == tier && !object["available"].toBool())
                    QSKIP(qPrintable(tier + " is not usable here: " + object["reason"].toString()));
            }
        }

        const test_support::TempFolderWatch canaries({".sandbench-canary-*"}, QDir::homePath());
        const test_support::TempFolderWatch folders(
            {"sandbench-host-*", "sandbench-harness-*", "sandbench-vm-*", "sandbench-egress-*"});
        const QJsonArray outcomes = runSuite(tier, engine, asOrdinaryUser);
        const int suiteSize = static_cast<int>(QDir(m_suite).entryList({"*.py"}, QDir::Files).size());
        QVERIFY2(suiteSize >= 25, "the issue asks for at least 25 attacks");
        QCOMPARE(outcomes.size(), suiteSize);
        QStringList failures;
        for (const QJsonValue& value : outcomes) {
            const QJsonObject outcome = value.toObject();
            const QString file = outcome["file"].toString();
            const QString verdict = outcome["verdict"].toString();
            const QString evidence = outcome["evidence"].toString();
            const QString layer = outcome["layer"].toString();
            const bool expected = outcome["expected"].toBool();
            const QString context = file + ": " + verdict + " [" + layer + "] " + evidence;
            if (outcome["tier"].toString() != tier)
                failures << context + " — reported for another tier";
            const QJsonArray leftovers = outcome["leftovers"].toArray();
            if (!leftovers.isEmpty())
                failures << context +
                                " — left behind: " + QJsonDocument(leftovers).toJson(QJsonDocument::Compact);
            if (tier == "host") {
                // The control run: an attack that does not get through without a boundary is broken, so a
                // BLOCKED elsewhere would mean nothing.
                const bool mayFail = !outcome["unmet_needs"].toString().isEmpty();
                if (!outcome["control"].toBool() || !expected)
                    failures << context + " — the control must be marked control and expected";
                if (verdict != "ALLOWED" && !(mayFail && verdict == "BLOCKED"))
                    failures << context + " — broken attack: not ALLOWED on the host control";
                if (verdict == "ALLOWED" && layer != "none")
                    failures << context + " — ALLOWED must name no layer";
                continue;
            }
            if (verdict == "ALLOWED" && !expected)
                failures << context + " — unexpected ALLOWED";
            if (verdict == "ERROR")
                failures << context + " — ERROR: the attack never got to try";
            // A network attack is stopped by the egress proxy, which refused it, or by having no route at all
            // (the sandbox's namespace, the VM without a network device).
            if (file.contains("_egress_") && verdict == "BLOCKED" && layer != "egress proxy" &&
                layer != "namespace" && layer != "guest kernel")
                failures << context +
                                " — a network attack stopped by neither the egress proxy nor a missing route";
            if (verdict == "BLOCKED" && (layer.isEmpty() || layer == "unknown"))
                failures << context + " — BLOCKED without the layer that decided it";
            // One layer per cell: the cell's layer is named in its evidence, and the stop reason agrees.
            const QString stoppedBy = outcome["stopped_by"].toString();
            if (verdict == "BLOCKED" && !namesLayer(evidence, layer))
                failures << context + " — the evidence does not name the cell's layer";
            if ((stoppedBy == "filesystem_hidden" && layer == "read-only filesystem") ||
                (stoppedBy == "read_only_filesystem" && layer != "read-only filesystem" &&
                 layer != "guest kernel"))
                failures << context + " — stopped by " + stoppedBy + " but the cell names another layer";
            // The seed's six keep their exact evidence.
            const auto& table = tier == "microvm"     ? kMicrovmEvidence
                                : tier == "container" ? kContainerEvidence
                                : tier == "gvisor"    ? kGvisorEvidence
                                                      : kSubprocessEvidence;
            for (const ExpectedBlock& block : table) {
                if (file != block.file)
                    continue;
                for (const QString& word : block.evidenceWords)
                    if (!evidence.contains(word))
                        failures << context + " — evidence lacks \"" + word + "\"";
            }
            if (file == "01_cpu_loop.py" && tier == "subprocess" && outcome["seconds"].toDouble() >= 3.0)
                failures << context + " — its own 2 s limit should have ended it before the harness";
        }
        for (const QString& failure : failures)
            qWarning("%s", qPrintable(failure));
        QVERIFY2(failures.isEmpty(),
                 qPrintable(QString::number(failures.size()) + " cells failed (listed above)"));

        // No leftovers: nothing of the ordinary user's outlives the CLI (the fork flood's sleepers included).
        if (asOrdinaryUser && ::geteuid() == 0)
            QTRY_COMPARE_WITH_TIMEOUT(countProcessesOf(::getpwnam(kTestUser)->pw_uid), 0, 5000);
        QCOMPARE(folders.leftSince(), QStringList());
        QCOMPARE(canaries.leftSince(), QStringList());
        if (!engine.isEmpty())
            QCOMPARE(labelledContainers(engine), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestAttackMatrix)
#include "support/temp_folder_watch.h"
#include "tst_attack_matrix.moc"
