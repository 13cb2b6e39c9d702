// The container tier, run for real on Docker and on Podman: the hardened run, output handling, limits
// and their evidence, timeouts, cancellation, a killed engine client, the warm pool, the probe's
// messages, and no leftovers after any of it. An engine that is not usable here skips its rows with the
// probe's reason; CI installs and starts both, so nothing is skipped there.

#include "process_census.h"
#include "support/temp_folder_watch.h"
#include "tiers/common/host_uid_block.h"
#include "tiers/common/syscall_rules.h"
#include "tiers/container/container_tier.h"
#include "tiers/container/container_waiter.h"
#include "tiers/container/seccomp_profile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <array>
#include <csignal>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace sandbench;

namespace {

template <typename Enum> QString nameOf(Enum value) {
    return QString::fromUtf8(toString(value));
}

// Names of containers carrying Sandbench's label, running or not.
QStringList labelledContainers(const QString& engine) {
    QProcess ps;
    ps.start(engine, {"ps", "-a", "--filter", "label=sandbench", "--format", "{{.Names}}"});
    if (!ps.waitForFinished(30000) || ps.exitCode() != 0)
        return {"(" + engine + " ps failed: " + QString::fromLocal8Bit(ps.readAllStandardError()) + ")"};
    return QString::fromUtf8(ps.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
}

// Sets an environment variable for one scope.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value)
        : m_name(name) {
        if (const char* old = std::getenv(name))
            m_old = old;
        if (value)
            ::setenv(name, value, 1);
        else
            ::unsetenv(name);
    }
    ~ScopedEnv() {
        if (m_old)
            ::setenv(m_name, m_old->c_str(), 1);
        else
            ::unsetenv(m_name);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* m_name;
    std::optional<std::string> m_old;
};

// Raw system calls, the 32-bit ABI included (which ctypes cannot reach), through a tiny static x86-64
// program built in an anonymous memory file (the container's /tmp may be noexec) and spawned; its exit status
// is the call's errno, or 0. call(nr, a0, a1, a2) uses `syscall`; call32 the 32-bit ABI (`int 0x80`).
const char* const kRawSyscallHelper = R"(import os, struct
def _run(nr, args, regs, trap):
    code = b''.join(r + struct.pack('<q', a) for r, a in zip(regs, args))
    code += b'\x48\xb8' + struct.pack('<q', nr) + trap + b'\x48\x63\xc0'
    code += b'\x48\x85\xc0\x79\x08\x48\xf7\xd8\x48\x89\xc7\xeb\x02\x31\xff\xb8\x3c\x00\x00\x00\x0f\x05'
    size = 120 + len(code)
    elf = b'\x7fELF\x02\x01\x01' + bytes(9)
    elf += struct.pack('<HHIQQQIHHHHHH', 2, 62, 1, 0x400078, 64, 0, 0, 64, 56, 1, 0, 0, 0)
    elf += struct.pack('<IIQQQQQQ', 1, 5, 0, 0x400000, 0x400000, size, size, 0x1000)
    fd = os.memfd_create('call', 0)
    os.write(fd, elf + code)
    path = '/proc/self/fd/%d' % fd
    pid = os.posix_spawn(path, [path], {})
    os.close(fd)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
def call(nr, *args):
    return _run(nr, args, (b'\x48\xbf', b'\x48\xbe', b'\x48\xba'), b'\x0f\x05')
def call32(nr, *args):
    return _run(nr, args, (b'\x48\xbb', b'\x48\xb9', b'\x48\xba'), b'\xcd\x80')
)";

} // namespace

class TestContainerTier : public QObject {
    Q_OBJECT

private:
    QString m_engine;                                             // the engine of the row being run
    std::optional<test_support::TempFolderWatch> m_engineFolders; // since the test began

    ContainerSettings settings(int pool = 0) const {
        ContainerSettings chosen;
        chosen.engine = m_engine.toStdString();
        chosen.warmPoolSize = pool;
        return chosen;
    }

    // Skips the row when its engine cannot run containers here, with the probe's own words.
    bool usable(ContainerTier& tier) {
        const ProbeResult probe = tier.probe();
        if (!probe.available) {
            QTest::qSkip(
                qPrintable(m_engine + " is not usable here: " + QString::fromStdString(probe.reason)),
                __FILE__, __LINE__);
            return false;
        }
        return true;
    }

    static RunResult run(Tier& tier, const std::string& code, Policy policy = {}, std::stop_token stop = {}) {
        RunRequest request;
        request.code = code;
        request.policy = std::move(policy);
        return tier.run(request, {}, stop);
    }

    void engineRows() {
        QTest::addColumn<QString>("engine");
        QTest::newRow("docker") << "docker";
        QTest::newRow("podman") << "podman";
    }

private Q_SLOTS:
    void init() {
        const char* tag = QTest::currentDataTag();
        m_engine = tag ? QString::fromUtf8(tag).section(' ', 0, 0) : QString();
        m_engineFolders.emplace(QStringList{"sandbench-engine-*"});
    }

    // After every test: no labelled container and no engine client is left. Podman's own cleanup process
    // may still be finishing for a moment after the container went, so allow it a few seconds.
    void cleanup() {
        if (m_engine.isEmpty() || QStandardPaths::findExecutable(m_engine).isEmpty())
            return;
        QTRY_COMPARE_WITH_TIMEOUT(labelledContainers(m_engine), QStringList(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(test_support::countProcessesNamed(m_engine.toStdString()), 0, 10000);
        // The engine clients' private folder goes with the tier, with what Podman's conmon wrote into it.
        QCOMPARE(m_engineFolders->leftSince(), QStringList());
    }

    // --- the waiter's markers, with no engine needed ---

    void waiterMarkersSplitAnywhere() {
        const std::string nonce = "0123456789abcdef";
        const std::string ready = std::string("\0sandbench-ready ", 17) + nonce + "\n";
        const std::string endOut = std::string("\0sandbench-end ", 15) + nonce + "\n";
        const std::string program =
            std::string("out\0put \0sandbench-end wrong\n\0sandbench-ready", 44) + std::string("\0", 1);
        const std::string stream = ready + program + endOut + "after the end is dropped";
        // Every way of cutting the stream in two gives the same program bytes and the same markers.
        for (std::size_t cut = 0; cut <= stream.size(); ++cut) {
            WaiterStream splitter(nonce);
            std::string seen = splitter.feed(std::string_view(stream).substr(0, cut));
            seen += splitter.feed(std::string_view(stream).substr(cut));
            seen += splitter.flush();
            QVERIFY2(seen == program, qPrintable(QString("cut at %1").arg(cut)));
            QVERIFY(splitter.readySeen());
            QVERIFY(splitter.endSeen());
        }
        // A stream that ends without its marker keeps every byte, including a marker's beginning.
        WaiterStream cutShort(nonce);
        const std::string partial = "tail" + endOut.substr(0, 9);
        std::string seen = cutShort.feed(partial);
        seen += cutShort.flush();
        QCOMPARE(seen, partial);
        QVERIFY(!cutShort.endSeen());
    }

    void waiterReportParsing() {
        const auto report = parseWaiterReport("137 2500000000 1 4");
        QVERIFY(report.has_value());
        QCOMPARE(report->status, 137);
        QCOMPARE(report->cpuSeconds, 2.5);
        QCOMPARE(report->oomKills, 1L);
        QCOMPARE(report->pidsLimitHits, 4L);
        QVERIFY(!parseWaiterReport("137 x 1 4"));
        QVERIFY(!parseWaiterReport("0 1 2"));
    }

    // --- the seccomp profile, with no engine needed ---

    void seccompProfileCarriesTheSharedRules() {
        QJsonParseError parseError;
        const QJsonDocument document =
            QJsonDocument::fromJson(QByteArray::fromStdString(seccompProfileJson()), &parseError);
        QVERIFY2(document.isObject(), qPrintable(parseError.errorString()));
        const QJsonObject profile = document.object();
        // The native ABI and the 32-bit ones beside it, so `int 0x80` meets the same rules.
        bool x86 = false;
        for (const QJsonValue& entry : profile.value("archMap").toArray()) {
            if (entry.toObject().value("architecture").toString() != "SCMP_ARCH_X86_64")
                continue;
            x86 = true;
            QCOMPARE(entry.toObject().value("subArchitectures").toArray(),
                     QJsonArray({"SCMP_ARCH_X86", "SCMP_ARCH_X32"}));
        }
        QVERIFY(x86);

        // The allow list, read as the engine's libseccomp reads it: a rule whose comparisons all hold
        // applies; ERRNO outranks ALLOW; with none, the default. Exact 64-bit values (nlohmann, not Qt).
        const auto json = nlohmann::json::parse(seccompProfileJson());
        QCOMPARE(json["defaultAction"].get<std::string>(), std::string("SCMP_ACT_ERRNO"));
        QCOMPARE(json["defaultErrnoRet"].get<int>(), EOPNOTSUPP);
        const auto answer = [&json](const std::string& name, std::array<unsigned long long, 6> args) {
            std::string verdict = "default";
            for (const auto& rule : json["syscalls"]) {
                const auto& names = rule["names"];
                if (std::find(names.begin(), names.end(), name) == names.end())
                    continue;
                bool holds = true;
                for (const auto& condition : rule.value("args", nlohmann::json::array())) {
                    const unsigned long long value = args[condition["index"].get<unsigned>()];
                    const unsigned long long a = condition["value"].get<unsigned long long>();
                    const unsigned long long b = condition["valueTwo"].get<unsigned long long>();
                    const std::string op = condition["op"];
                    holds = holds && (op == "SCMP_CMP_EQ"          ? value == a
                                      : op == "SCMP_CMP_GT"        ? value > a
                                      : op == "SCMP_CMP_MASKED_EQ" ? (value & a) == b
                                                                   : false);
                }
                if (!holds)
                    continue;
                if (rule["action"] == "SCMP_ACT_ERRNO")
                    return std::to_string(rule["errnoRet"].get<int>());
                verdict = "allow";
            }
            return verdict;
        };
        const std::string denied = std::to_string(EOPNOTSUPP);
        struct Case {
            const char* name;
            std::array<unsigned long long, 6> args;
            std::string expected;
        };
        const Case cases[] = {
            {"read", {}, "allow"},
            {"statx", {}, "allow"},
            {"socket", {AF_UNIX}, "allow"},
            {"socket", {AF_INET}, "allow"},
            {"socket", {AF_INET6}, "allow"},
            {"socket", {AF_PACKET}, denied},
            {"socket", {AF_NETLINK}, denied},
            {"socket", {40 /*AF_VSOCK*/}, denied},
            {"socket", {0x100000002ULL}, denied}, // AF_INET with high garbage: not AF_INET
            {"socketpair", {AF_UNIX}, "allow"},
            {"socketpair", {AF_PACKET}, denied}, // reached the families socket() is denied
            {"socketpair", {AF_INET}, denied},
            {"ioctl", {0, TIOCGWINSZ}, "allow"},
            {"ioctl", {0, FIONREAD}, "allow"},
            {"ioctl", {0, 0x8004667eULL}, "allow"},
            {"ioctl", {0, TIOCSTI}, denied},
            {"ioctl", {0, TIOCLINUX}, denied},
            {"ioctl", {0, 0x100000000ULL | TIOCSTI}, denied}, // the kernel would read TIOCSTI
            {"ioctl", {0, 0xffffffff00000000ULL | TIOCGWINSZ}, "default"},
            {"clone", {SIGCHLD}, "allow"},
            {"clone", {CLONE_NEWUSER | SIGCHLD}, "default"},
            {"clone", {CLONE_NEWNET | CLONE_VM}, "default"},
            {"clone3", {}, std::to_string(ENOSYS)},
            {"personality", {0xffffffffULL}, "allow"},
            {"personality", {0x0040000}, "default"},
            {"ptrace", {}, denied},
            {"keyctl", {}, denied},
            {"vmsplice", {}, denied},
            {"move_pages", {}, denied},
            {"migrate_pages", {}, denied},
            {"listmount", {}, denied},
            {"open_tree_attr", {}, denied},
            {"a_call_from_a_later_kernel", {}, "default"},
        };
        for (const Case& one : cases) {
            const std::string got = answer(one.name, one.args);
            QVERIFY2(got == one.expected, qPrintable(QString("%1(%2, %3): %4, expected %5")
                                                         .arg(one.name)
                                                         .arg(one.args[0])
                                                         .arg(one.args[1])
                                                         .arg(got.c_str(), one.expected.c_str())));
        }
        // Both tiers' lists are one table: nothing denied on purpose is also allowed.
        const SyscallRules& shared = sharedKernelSyscallRules();
        for (const char* name : shared.notableDenials) {
            QVERIFY2(std::none_of(shared.allowedNames.begin(), shared.allowedNames.end(),
                                  [name](const char* allowed) { return std::string_view(allowed) == name; }),
                     name);
            QVERIFY2(std::none_of(shared.allowedArguments.begin(), shared.allowedArguments.end(),
                                  [name](const AllowedArgument& allowed) {
                                      return std::string_view(allowed.name) == name;
                                  }),
                     name);
            QCOMPARE(answer(name, {}), denied);
        }
    }

    void hardenedRunCommandAppliesTheProfile() {
        ContainerShape shape{
            "sandbench/python:3", Policy{}, {"/usr/bin/python3", "-I"}, "/private/seccomp.json"};
        for (const EngineKind kind : {EngineKind::Docker, EngineKind::Podman}) {
            const ContainerEngine engine{kind, "/usr/bin/engine", false, {}};
            const std::vector<std::string> line =
                hardenedRunCommand(engine, shape, "sandbench-test", kSharedProgramUid);
            const auto at = std::find(line.begin(), line.end(), "seccomp=/private/seccomp.json");
            QVERIFY2(at != line.end() && at != line.begin() && *(at - 1) == "--security-opt",
                     qPrintable(engine.name().c_str()));
            // Next to, not in place of, the other hardening flags; before the image and what runs in it.
            QVERIFY(std::find(line.begin(), line.end(), "no-new-privileges") != line.end());
            QVERIFY(std::find(line.begin(), line.end(), "ALL") != line.end());
            QVERIFY(at < std::find(line.begin(), line.end(), shape.image));
            QCOMPARE(std::count_if(line.begin(), line.end(),
                                   [](const std::string& part) { return part.starts_with("seccomp="); }),
                     1L);
        }
        // Another profile is another container shape: a pooled container never serves a run it does not fit.
        ContainerShape other = shape;
        other.seccompProfile = "/elsewhere/seccomp.json";
        QVERIFY(other.key() != shape.key());
    }

    void writesItsProfileIntoItsPrivateFolder() {
        // Sandbench's engine clients' private folders, each holding the tier's seccomp profile.
        const test_support::TempFolderWatch since({"sandbench-engine-*"});
        {
            ContainerTier tier(settings());
            const QStringList folders = since.leftSince();
            QCOMPARE(folders.size(), 1);
            const QString folder = QDir::tempPath() + "/" + folders.front();
            QCOMPARE(QFile::permissions(folder) & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteOther),
                     QFile::Permissions());
            QFile profile(folder + "/seccomp.json");
            QVERIFY(profile.open(QIODevice::ReadOnly));
            QCOMPARE(profile.readAll().toStdString(), seccompProfileJson());
        }
        // It goes with the tier.
        QCOMPARE(since.leftSince(), QStringList());
    }

    void refusesToRunWithoutItsProfile() {
        // No folder to write the profile into: the tier says why and runs nothing, rather than falling back
        // on the engine's default profile.
        const ScopedEnv tmpdir("TMPDIR", "/nonexistent/sandbench-no-tmp");
        ContainerSettings chosen;
        chosen.engine = "auto";
        ContainerTier tier(chosen);
        const ProbeResult probe = tier.probe();
        QVERIFY(!probe.available);
        QVERIFY2(probe.reason.find("could not write its seccomp profile") != std::string::npos,
                 probe.reason.c_str());
        QVERIFY2(probe.reason.find("/nonexistent/sandbench-no-tmp") != std::string::npos,
                 probe.reason.c_str());
        const RunResult result = run(tier, "print(1)\n");
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
        QVERIFY2(result.evidence.find("engine's default profile") != std::string::npos,
                 result.evidence.c_str());
        QVERIFY(result.stdoutBytes.empty());
        RunRequest request;
        tier.setWarmPoolSize(1);
        QVERIFY(!tier.waitUntilWarm(request, {}));
        tier.setWarmPoolSize(0);
    }

    // --- probe messages ---

    void probeSaysWhatToInstall() {
        const QTemporaryDir emptyPath;
        QVERIFY(emptyPath.isValid());
        const ScopedEnv path("PATH", emptyPath.path().toUtf8().constData());
        const struct {
            const char* engine;
            const char* mustSay;
        } cases[] = {{"docker", "apt install docker.io"},
                     {"podman", "apt install podman"},
                     {"auto", "no container engine is installed"}};
        for (const auto& each : cases) {
            ContainerSettings chosen;
            chosen.engine = each.engine;
            ContainerTier tier(chosen);
            const ProbeResult probe = tier.probe();
            QVERIFY(!probe.available);
            QVERIFY2(probe.reason.find(each.mustSay) != std::string::npos, probe.reason.c_str());
            // And a run refuses, with the same reason, instead of running anything.
            const RunResult result = run(tier, "print(1)\n");
            QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
            QVERIFY2(result.evidence.find(each.mustSay) != std::string::npos, result.evidence.c_str());
            QVERIFY(result.stdoutBytes.empty());
        }
    }

    void probeSaysTheDaemonIsDown() {
        if (QStandardPaths::findExecutable("docker").isEmpty())
            QSKIP("the docker CLI is not installed here");
        const ScopedEnv host("DOCKER_HOST", "unix:///nonexistent/sandbench-docker.sock");
        ContainerSettings chosen;
        chosen.engine = "docker";
        ContainerTier tier(chosen);
        const ProbeResult probe = tier.probe();
        QVERIFY(!probe.available);
        QVERIFY2(probe.reason.find("daemon is not running") != std::string::npos, probe.reason.c_str());
        QVERIFY2(probe.reason.find("systemctl start docker") != std::string::npos, probe.reason.c_str());
        QVERIFY2(probe.reason.find("DOCKER_HOST") != std::string::npos, probe.reason.c_str());
    }

    void probeSaysHowToBuildAMissingImage_data() { engineRows(); }
    void probeSaysHowToBuildAMissingImage() {
        ContainerSettings chosen = settings();
        {
            ContainerTier working(chosen);
            if (!usable(working))
                return;
        }
        chosen.image = "sandbench/no-such-image:0";
        ContainerTier tier(chosen);
        const ProbeResult probe = tier.probe();
        QVERIFY(!probe.available);
        QVERIFY2(probe.reason.find("image sandbench/no-such-image:0 not found") != std::string::npos,
                 probe.reason.c_str());
        QVERIFY2(probe.reason.find("scripts/build-container-image.sh") != std::string::npos,
                 probe.reason.c_str());
        // A run fails closed with the engine's own refusal and the same fix, never pulling from a registry.
        const RunResult result = run(tier, "print(1)\n");
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
        QVERIFY2(result.evidence.find("build-container-image.sh") != std::string::npos,
                 result.evidence.c_str());
    }

    // --- runs ---

    void runsTheProgramHardened_data() { engineRows(); }
    void runsTheProgramHardened() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        const RunResult result = run(tier, R"(import os, sys
print(os.getuid(), os.getgid())
print(open('/proc/self/status').read().split('CapEff:')[1].split()[0])
print(open('/proc/self/status').read().split('NoNewPrivs:')[1].split()[0])
print(os.getcwd(), sorted(os.listdir('/sys/class/net')))
try:
    open('/usr/evil', 'w')
except OSError as e:
    print('root', e.errno)
sys.stderr.write('to stderr\n')
sys.exit(3)
)");
        // As root, each container's program has a host uid of its own, from this process's block.
        const HostUidBlock& block = HostUidBlock::instance();
        const std::string firstLine = result.stdoutBytes.substr(0, result.stdoutBytes.find('\n'));
        const unsigned uid = static_cast<unsigned>(std::stoul(firstLine));
        if (block.available())
            QVERIFY2(uid > block.ownerUid() && uid <= block.ownerUid() + HostUidBlock::kRunSlots,
                     firstLine.c_str());
        else
            QCOMPARE(uid, kSharedProgramUid);
        QCOMPARE(result.stdoutBytes, firstLine + "\n0000000000000000\n1\n/tmp ['lo']\nroot 30\n");
        QCOMPARE(firstLine, std::to_string(uid) + " " + std::to_string(uid));
        QCOMPARE(result.stderrBytes, std::string("to stderr\n"));
        QCOMPARE(result.exitCode, std::optional<int>(3));
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
        QVERIFY(!result.warmStart);
        QVERIFY(result.cpuSeconds > 0);
        tier.settle();
    }

    // What the host would otherwise tell a container: its id and the engine's cgroup paths, the host's
    // resolver, and (Podman, which can mask it) the host's boot id.
    void hidesHostIdentifiers_data() { engineRows(); }
    void hidesHostIdentifiers() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        QFile hostResolver("/etc/resolv.conf");
        QVERIFY(hostResolver.open(QIODevice::ReadOnly));
        QFile hostBootId("/proc/sys/kernel/random/boot_id");
        QVERIFY(hostBootId.open(QIODevice::ReadOnly));
        const std::string bootId = hostBootId.readAll().trimmed().toStdString();
        const RunResult result = run(tier, R"(def read(path):
    try:
        return open(path).read()
    except OSError as e:
        return 'refused %d' % e.errno
print(repr(read('/proc/self/cgroup')))
print(repr(read('/etc/resolv.conf')))
print(repr(read('/proc/sys/kernel/random/boot_id')))
)");
        QCOMPARE(result.exitCode, std::optional<int>(0));
        QVERIFY2(result.stdoutBytes.find("docker") == std::string::npos &&
                     result.stdoutBytes.find("libpod") == std::string::npos,
                 result.stdoutBytes.c_str());
        for (const QByteArray& line : hostResolver.readAll().split('\n')) {
            if (line.startsWith("nameserver") && !line.contains("127.0.0.1"))
                QVERIFY2(result.stdoutBytes.find(line.mid(11).trimmed().toStdString()) == std::string::npos,
                         result.stdoutBytes.c_str());
        }
        if (m_engine == "podman")
            QVERIFY2(result.stdoutBytes.find(bootId) == std::string::npos, result.stdoutBytes.c_str());
        tier.settle();
    }

    // Agent-written code expects the standard library that the other tiers' Python has, not
    // python3-minimal's subset (no json, decimal, sqlite3, statistics or ctypes there).
    void imageCarriesTheStandardLibrary_data() { engineRows(); }
    void imageCarriesTheStandardLibrary() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        const RunResult result = run(tier, R"(import ctypes, decimal, json, sqlite3, statistics
db = sqlite3.connect(':memory:')
db.execute('create table t (x)')
db.executemany('insert into t values (?)', [(1,), (2,), (6,)])
values = [row[0] for row in db.execute('select x from t')]
print(json.dumps({'mean': statistics.mean(values), 'third': str(decimal.Decimal(1) / 3)[:6]}))
print(ctypes.CDLL(None).getpid() == __import__('os').getpid())
)");
        QCOMPARE(QString::fromStdString(result.stderrBytes), QString());
        QCOMPARE(result.stdoutBytes, std::string("{\"mean\": 3, \"third\": \"0.3333\"}\nTrue\n"));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        tier.settle();
    }

    void programsMeetTheSeccompProfile_data() { engineRows(); }
    void programsMeetTheSeccompProfile() {
#if !defined(__x86_64__)
        QSKIP("the raw system call helper is x86-64 code");
#endif
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        // Each denial answers EOPNOTSUPP (95), which neither engine's default profile nor a missing
        // capability gives (Podman 4.3's default lets every one of these through; Docker's answers EPERM or
        // allows them). clone3 answers ENOSYS (38), so spawning a program falls back to clone, as the helper
        // itself shows.
        const RunResult result = run(tier, std::string(kRawSyscallHelper) + R"(import socket
def sock(*args):
    try:
        socket.socket(*args).close()
        return 0
    except OSError as e:
        return e.errno
print('netlink', sock(socket.AF_NETLINK, socket.SOCK_RAW, 0))
print('vsock', sock(40, socket.SOCK_STREAM))
print('packet', sock(17, socket.SOCK_RAW, 0))
print('inet', sock(socket.AF_INET, socket.SOCK_STREAM), 'unix', sock(socket.AF_UNIX, socket.SOCK_STREAM))
print('keyctl', call(250, 0, -3, 0), 'add_key', call(248, 0, 0, 0))
print('unshare', call(272, 0x10000000 | 0x20000 | 0x40000000), 'clone3', call(435, 0, 0))
print('getppid', call(110))
print('32-bit keyctl', call32(288, 0, -3, 0), 'unshare', call32(310, 0x10000000))
)");
        QCOMPARE(result.stderrBytes, std::string());
        QCOMPARE(result.stdoutBytes, std::string("netlink 95\nvsock 95\npacket 95\ninet 0 unix 0\n"
                                                 "keyctl 95 add_key 95\nunshare 95 clone3 38\ngetppid 0\n"
                                                 "32-bit keyctl 95 unshare 95\n"));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        tier.settle();
    }

    // A remote Podman service opens the profile's path on its own machine. One that cannot see Sandbench's
    // file (here: a service in a mount namespace with a /tmp of its own) refuses the container, and the tier
    // says why; nothing runs under the service's default profile.
    void remotePodmanWithoutTheProfileRefuses_data() {
        QTest::addColumn<QString>("engine");
        QTest::newRow("podman remote") << "podman";
    }
    void remotePodmanWithoutTheProfileRefuses() {
        if (::geteuid() != 0)
            QSKIP("a Podman service in a mount namespace of its own needs root");
        if (QStandardPaths::findExecutable("unshare").isEmpty())
            QSKIP("unshare (util-linux) is not installed here");
        {
            ContainerTier local(settings());
            if (!usable(local))
                return;
        }
        const QString socket = QString("/run/sandbench-tst-podman-%1.sock").arg(::getpid());
        QProcess service;
        service.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        service.start("unshare", {"-m", "--propagation", "private", "sh", "-c",
                                  "mount -t tmpfs sandbench-hidden \"$0\" && exec podman system service -t 0 "
                                  "\"unix://$1\"",
                                  QDir::tempPath(), socket});
        const auto stopService = qScopeGuard([&] {
            service.terminate();
            if (!service.waitForFinished(20000))
                service.kill();
            service.waitForFinished(5000);
            QFile::remove(socket);
        });
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(socket), 20000);
        const ScopedEnv host("CONTAINER_HOST", qPrintable("unix://" + socket));
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        const RunResult result = run(tier, "print('ran')\n");
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
        QVERIFY2(result.evidence.find("could not read Sandbench's seccomp profile") != std::string::npos,
                 result.evidence.c_str());
        QVERIFY(result.stdoutBytes.empty());
        tier.settle();
    }

    void keepsBinaryOutputAndLookalikeMarkers_data() {
        engineRows();
    }
    void keepsBinaryOutputAndLookalikeMarkers() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        // Bytes that look like the waiter's markers (without its nonce) are the program's, on both streams,
        // and the run goes on after them.
        const RunResult result = run(tier, R"(import os
os.write(1, b'\x00sandbench-end 0\n\xff\xfe\x00')
os.write(2, b'\x00sandbench-ready x\n\x00sandbench-end 0 0 0 0 0\n')
os.write(1, b'still running')
)");
        QCOMPARE(result.stdoutBytes, std::string("\0sandbench-end 0\n\xff\xfe\0still running", 33));
        QCOMPARE(result.stderrBytes, std::string("\0sandbench-ready x\n\0sandbench-end 0 0 0 0 0\n", 44));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        tier.settle();
    }

    void aProgramCannotForgeItsResult_data() {
        engineRows();
    }
    void aProgramCannotForgeItsResult() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        // The attack on the waiter's report: read its nonce from PID 1's memory (or environment, or its
        // descriptors), print both end markers claiming exit 0, and go on running; or kill the waiter.
        const RunResult result = run(tier, R"(import os, re, signal, sys, time
nonce = None
try:
    with open('/proc/1/mem', 'rb') as memory:
        for line in open('/proc/1/maps'):
            span, mode = line.split()[:2]
            if 'r' not in mode:
                continue
            start, end = (int(x, 16) for x in span.split('-'))
            try:
                memory.seek(start)
                found = re.search(rb'[0-9a-f]{32}', memory.read(end - start))
            except OSError:
                continue
            if found:
                nonce = found.group(0)
                break
except OSError as error:
    print('DENIED open(/proc/1/mem)', error.errno, file=sys.stderr)
for path in ('/proc/1/environ', '/proc/1/fd/0', '/proc/1/fd/3'):
    try:
        open(path, 'rb').read(1)
        print('opened', path)
    except OSError as error:
        print('DENIED open(' + path + ')', error.errno, file=sys.stderr)
try:
    os.kill(1, signal.SIGKILL)
    print('signalled the waiter')
except OSError as error:
    print('DENIED kill(1)', error.errno, file=sys.stderr)
if nonce:
    print('FOUND', flush=True)
    os.write(1, b'\x00sandbench-end ' + nonce + b'\n')
    os.write(2, b'\x00sandbench-end ' + nonce + b' 0 0 0 0\n')
time.sleep(2)
sys.exit(3)
)");
        QVERIFY2(result.stdoutBytes.find("FOUND") == std::string::npos, result.stdoutBytes.c_str());
        QVERIFY2(result.stdoutBytes.find("opened") == std::string::npos, result.stdoutBytes.c_str());
        QVERIFY2(result.stdoutBytes.find("signalled") == std::string::npos, result.stdoutBytes.c_str());
        QVERIFY2(result.stderrBytes.find("DENIED open(/proc/1/mem) 13") != std::string::npos,
                 result.stderrBytes.c_str());
        // The real end: the program's own status, after its sleep, not a forged early exit 0.
        QCOMPARE(result.exitCode, std::optional<int>(3));
        QVERIFY2(result.wallSeconds >= 2, std::to_string(result.wallSeconds).c_str());
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
        tier.settle();
    }

    void capsAFlood_data() {
        engineRows();
    }
    void capsAFlood() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.outputCapBytes = 1000;
        const RunResult result = run(
            tier, "import sys\nsys.stdout.write('x' * 20_000_000)\nprint('done', file=sys.stderr)\n", policy);
        QVERIFY(result.stdoutTruncated);
        QVERIFY(result.stdoutBytes.size() < 1100);
        QCOMPARE(result.stderrBytes, std::string("done\n"));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        tier.settle();
    }

    void limitsAndTheirEvidence_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("evidence");
        for (const char* engine : {"docker", "podman"}) {
            const QString e = engine;
            QTest::newRow(qPrintable(e + " memory"))
                << "b = bytearray(200 * 1024 * 1024)\nb[::4096] = b'x' * len(b[::4096])\n"
                << "memory_limit"
                << "OOM killer";
            QTest::newRow(qPrintable(e + " processes"))
                << "import os, time\nfor _ in range(50):\n    if os.fork() == 0:\n        time.sleep(2)\n    "
                   "    os._exit(0)\n"
                << "process_limit"
                << "pids cgroup";
            QTest::newRow(qPrintable(e + " tmpfs")) << "with open('/tmp/f', 'wb') as f:\n    for _ in "
                                                       "range(40):\n        f.write(b'x' * 1024 * 1024)\n"
                                                    << "disk_limit"
                                                    << "tmpfs";
            QTest::newRow(qPrintable(e + " read-only root")) << "open('/etc/evil', 'w')\n"
                                                             << "filesystem_hidden"
                                                             << "read-only";
            QTest::newRow(qPrintable(e + " network"))
                << "import socket\nsocket.create_connection(('127.0.0.1', 9), timeout=2)\n"
                << "no_network"
                << "--network none";
        }
    }
    void limitsAndTheirEvidence() {
        QFETCH(QString, code);
        QFETCH(QString, reason);
        QFETCH(QString, evidence);
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.memoryMb = 64;
        policy.processes = 8;
        policy.fileSizeMb = 64; // so the tmpfs, not the file-size limit, is what stops the write
        policy.workdirMb = 8;
        const RunResult result = run(tier, code.toStdString(), policy);
        const QByteArray context = QByteArray::fromStdString(result.summary() + " / " + result.stderrBytes);
        QCOMPARE(nameOf(result.stoppedBy), reason);
        QVERIFY2(QString::fromStdString(result.evidence).contains(evidence), context.constData());
        tier.settle();
    }

    void timeoutKillsTheContainerByName_data() {
        engineRows();
    }
    void timeoutKillsTheContainerByName() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.timeoutSeconds = 1;
        // PID 1 ignores SIGTERM and the program ignores it too: only the engine's kill ends it.
        const RunResult result = run(tier,
                                     "import signal, time\nsignal.signal(signal.SIGTERM, "
                                     "signal.SIG_IGN)\nprint('up', flush=True)\nwhile True: time.sleep(1)\n",
                                     policy);
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Timeout));
        QVERIFY(result.timedOut);
        QCOMPARE(result.stdoutBytes, std::string("up\n"));
        QVERIFY2(result.evidence.find("kill") != std::string::npos &&
                     result.evidence.find("is gone") != std::string::npos,
                 result.evidence.c_str());
        // Confirmed gone before the result came back, not merely asked to go.
        QCOMPARE(labelledContainers(m_engine), QStringList());
    }

    void cancelKillsTheContainer_data() {
        engineRows();
    }
    void cancelKillsTheContainer() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.timeoutSeconds = 60;
        std::stop_source stopper;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            stopper.request_stop();
        });
        QElapsedTimer clock;
        clock.start();
        const RunResult result = run(tier, "import time\ntime.sleep(60)\n", policy, stopper.get_token());
        canceller.join();
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Cancelled));
        QCOMPARE(labelledContainers(m_engine), QStringList());
    }

    void survivesAKilledEngineClient_data() {
        QTest::addColumn<bool>("whileRunning");
        QTest::newRow("docker while starting") << false;
        QTest::newRow("docker while running") << true;
        QTest::newRow("podman while starting") << false;
        QTest::newRow("podman while running") << true;
    }
    void survivesAKilledEngineClient() {
        QFETCH(bool, whileRunning);
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.timeoutSeconds = 60;
        std::atomic<bool> programUp = false;
        std::atomic<bool> killed = false;
        std::thread killer([&] {
            // SIGKILL the engine client of this process's container: as soon as it exists, or once the
            // program has printed.
            for (int attempt = 0; attempt < 600 && !killed; ++attempt) {
                std::this_thread::sleep_for(std::chrono::milliseconds(whileRunning ? 20 : 5));
                if (whileRunning && !programUp)
                    continue;
                DIR* proc = ::opendir("/proc");
                while (dirent* entry = ::readdir(proc)) {
                    std::ifstream cmdline(std::string("/proc/") + entry->d_name + "/cmdline");
                    const std::string text((std::istreambuf_iterator<char>(cmdline)),
                                           std::istreambuf_iterator<char>());
                    if (text.find("sandbench.owner=" + std::to_string(::getpid())) == std::string::npos ||
                        text.find(std::string("run") + '\0') == std::string::npos)
                        continue;
                    ::kill(std::atoi(entry->d_name), SIGKILL);
                    killed = true;
                }
                ::closedir(proc);
            }
        });
        RunRequest request;
        request.code = "import time\nprint('up', flush=True)\ntime.sleep(60)\n";
        request.policy = policy;
        QElapsedTimer clock;
        clock.start();
        const RunResult result = tier.run(request,
                                          [&](Stream, std::string_view bytes) {
                                              if (bytes.find("up") != std::string_view::npos)
                                                  programUp = true;
                                          },
                                          {});
        killer.join();
        QVERIFY(killed);
        QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
        // Not a normal end, and the tier says what happened instead of inventing a status.
        QVERIFY(!result.succeeded());
        if (whileRunning) {
            QVERIFY2(result.evidence.find("without its waiter's report") != std::string::npos,
                     result.evidence.c_str());
        } else {
            QVERIFY2(result.evidence.find("without its waiter's report") != std::string::npos ||
                         (result.stoppedBy == StopReason::SetupFailure &&
                          result.evidence.find("could not start the container") != std::string::npos),
                     result.evidence.c_str());
        }
        tier.settle();
        // A container outlives its client unless it is ended by name: the tier did that.
        QCOMPARE(labelledContainers(m_engine), QStringList());
    }

    void warmPoolServesEachContainerOnce_data() {
        engineRows();
    }
    void warmPoolServesEachContainerOnce() {
        ContainerTier tier(settings(1));
        if (!usable(tier))
            return;
        RunRequest request;
        request.code = "import os, socket\nprint(socket.gethostname(), "
                       "os.path.exists('/tmp/mark'))\nopen('/tmp/mark', 'w')\n";
        QVERIFY(tier.waitUntilWarm(request, {}));
        const RunResult first = tier.run(request, {}, {});
        QVERIFY(first.warmStart);
        QVERIFY(tier.waitUntilWarm(request, {}));
        const RunResult second = tier.run(request, {}, {});
        QVERIFY(second.warmStart);
        // A fresh container each time: another hostname, and nothing the first run wrote.
        QVERIFY2(first.stdoutBytes.ends_with(" False\n"), first.stdoutBytes.c_str());
        QVERIFY2(second.stdoutBytes.ends_with(" False\n"), second.stdoutBytes.c_str());
        QVERIFY(first.stdoutBytes != second.stdoutBytes);

        // Another policy is another shape: its first run starts cold rather than in a container with the
        // wrong limits.
        RunRequest other = request;
        other.policy.memoryMb = 128;
        const RunResult cold = tier.run(other, {}, {});
        QVERIFY(!cold.warmStart);
        QCOMPARE(cold.exitCode, std::optional<int>(0));

        // The pool's idle containers carry the same label; turning it off ends them.
        QVERIFY(tier.waitUntilWarm(other, {}));
        tier.settle();
        // A replacement of the old shape that was starting when the pool re-aimed goes too.
        QTRY_COMPARE_WITH_TIMEOUT(labelledContainers(m_engine).size(), 1, 10000);
        tier.setWarmPoolSize(0);
        tier.settle();
    }

    void leavesNothingWhenDestroyedWithAFullPool_data() {
        engineRows();
    }
    void leavesNothingWhenDestroyedWithAFullPool() {
        {
            ContainerTier tier(settings(2));
            if (!usable(tier))
                return;
            RunRequest request;
            QVERIFY(tier.waitUntilWarm(request, {}));
            QVERIFY(!labelledContainers(m_engine).isEmpty());
        }
        QCOMPARE(labelledContainers(m_engine), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestContainerTier)
#include "tst_container_tier.moc"
