// The container tier's seccomp profile, on Docker and on Podman: the profile read as libseccomp reads it
// (the shared rules, the 32-bit ABIs beside the native one), put on the hardened run line, written into the
// tier's private folder, no run without it, programs meeting it (raw system calls, the 32-bit ABI
// included), and a remote Podman service that cannot see it refusing. An engine that is not usable here
// skips its rows with the probe's reason; CI installs and starts both, so nothing is skipped there.

#include "support/container_rows.h"
#include "support/enum_name.h"
#include "support/temp_folder_watch.h"
#include "tiers/common/host_uid_block.h"
#include "tiers/common/syscall_rules.h"
#include "tiers/container/container_tier.h"
#include "tiers/container/seccomp_profile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTest>
#include <algorithm>
#include <array>
#include <csignal>
#include <nlohmann/json.hpp>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace sandbench;

using test_support::nameOf;
using test_support::ScopedEnv;

namespace {

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

class TestContainerSeccomp : public QObject, private test_support::ContainerRows {
    Q_OBJECT

private Q_SLOTS:
    void init() { beginRow(); }
    void cleanup() { endRow(); }

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

    // The gVisor tier's profile, read as runsc 20221219 reads it: rules in order, the first that holds
    // decides, else the default. It allows by default (clone3 must reach the Sentry, which answers ENOSYS)
    // and refuses what the shared rules refuse on purpose.
    void gvisorProfileRefusesWhatTheRulesRefuse() {
        const auto json = nlohmann::json::parse(gvisorSeccompProfileJson());
        QCOMPARE(json["defaultAction"].get<std::string>(), std::string("SCMP_ACT_ALLOW"));
        const auto answer = [&json](const std::string& name, std::array<unsigned long long, 6> args) {
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
                if (holds)
                    return rule["action"] == "SCMP_ACT_ERRNO" ? std::string("refused") : std::string("allow");
            }
            return std::string("allow");
        };
        struct Case {
            const char* name;
            std::array<unsigned long long, 6> args;
            const char* expected;
        };
        const Case cases[] = {
            {"read", {}, "allow"},
            {"clone3", {}, "allow"},   // to the Sentry, which says ENOSYS: glibc falls back to clone
            {"pselect6", {}, "allow"}, // the Sentry's `pselect`
            {"clone", {SIGCHLD}, "allow"},
            {"clone", {CLONE_VM | CLONE_THREAD | CLONE_SIGHAND | CLONE_SETTLS}, "allow"},
            {"clone", {CLONE_NEWUSER | SIGCHLD}, "refused"},
            {"clone", {CLONE_NEWNET | CLONE_VM}, "refused"},
            {"clone", {0x80 /*CLONE_NEWTIME*/}, "refused"},
            {"socket", {AF_UNIX}, "allow"},
            {"socket", {AF_INET}, "allow"},
            {"socket", {AF_INET6}, "allow"},
            {"socket", {AF_PACKET}, "refused"},
            {"socket", {AF_NETLINK}, "refused"},
            {"socket", {40 /*AF_VSOCK*/}, "refused"},
            {"socket", {0x100000002ULL}, "refused"},
            {"socketpair", {AF_UNIX}, "allow"},
            {"socketpair", {AF_INET}, "refused"},
            {"ioctl", {0, TIOCGWINSZ}, "allow"},
            {"ioctl", {0, TIOCSTI}, "refused"},
            {"ioctl", {0, TIOCLINUX}, "refused"},
            {"ioctl", {0, 0x100000000ULL | TIOCSTI}, "refused"},
        };
        for (const Case& one : cases) {
            const std::string got = answer(one.name, one.args);
            QVERIFY2(got == one.expected, qPrintable(QString("%1(%2, %3): %4, expected %5")
                                                         .arg(one.name)
                                                         .arg(one.args[0])
                                                         .arg(one.args[1])
                                                         .arg(got.c_str(), one.expected)));
        }
        for (const char* name : sharedKernelSyscallRules().notableDenials)
            QVERIFY2(answer(name, {}) == "refused", name);
    }

    void hardenedRunCommandAppliesTheProfile() {
        ContainerShape shape;
        shape.image = "sandbench/python:3";
        shape.interpreter = {"/usr/bin/python3", "-I"};
        shape.seccompProfile = "/private/seccomp.json";
        for (const EngineKind kind : {EngineKind::Docker, EngineKind::Podman}) {
            const ContainerEngine engine{kind, "/usr/bin/engine", false, {}, {}};
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
};

QTEST_GUILESS_MAIN(TestContainerSeccomp)
#include "tst_container_seccomp.moc"
