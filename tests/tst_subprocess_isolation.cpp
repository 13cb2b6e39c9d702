// The hardened subprocess tier's isolation, run for real: the probe naming its layers, the program's
// identity and filesystem view, seccomp denials with their evidence (bounded however many distinct calls),
// no signal to its supervisor, no route to the host's loopback, and interpreters it refuses.
// Skips (with the reason) only where the host cannot create user namespaces; CI's machine can, so nothing
// is skipped there.

#include "core/attack_judge.h"
#include "core/attack_suite.h"
#include "support/enum_name.h"
#include "support/subprocess_rows.h"
#include "tiers/subprocess/subprocess_tier.h"

#include <QTest>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/statvfs.h>
#include <unistd.h>

using namespace sandbench;

using test_support::nameOf;

class TestSubprocessIsolation : public QObject, private test_support::SubprocessRows {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { skipWithoutTier(); }

    void probeNamesItsLayers() {
        const ProbeResult probe = m_tier.probe();
        QVERIFY(probe.available);
        QVERIFY(probe.reason.empty());
        std::string notes;
        for (const auto& note : probe.notes)
            notes += note + "\n";
        QVERIFY2(notes.find("namespaces") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("seccomp") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("Landlock") != std::string::npos, notes.c_str());
    }

    // The cgroup line says what bounds a run as a whole, or, on a host that gives no cgroup, that nothing
    // does.
    void probeSaysWhetherRunsHaveACgroup() {
        std::string notes;
        for (const auto& note : m_tier.probe().notes)
            notes += note + "\n";
        const bool bounded = notes.find("cgroup memory: each run in memory, pids") != std::string::npos;
        const bool missing = notes.find("no per-run memory cgroup: ") != std::string::npos &&
                             notes.find("memory bounded per process only (RLIMIT_AS)") != std::string::npos;
        QVERIFY2(bounded != missing, notes.c_str());
        const std::vector<MissingProtection> lacked = m_tier.missingProtections();
        const bool aggregateMissing =
            std::any_of(lacked.begin(), lacked.end(), [](const MissingProtection& p) {
                return p.name == "aggregate-memory" && p.reason.starts_with("no per-run memory cgroup: ");
            });
        QCOMPARE(aggregateMissing, missing);
        // Root gets them wherever the cgroup filesystem is writable (v1 or v2): a missing cgroup there is a
        // regression, not a host without them. A container may mount it read-only.
        struct statvfs cgroupFs {};
        const bool writable = ::statvfs("/sys/fs/cgroup", &cgroupFs) == 0 && !(cgroupFs.f_flag & ST_RDONLY);
        if (::geteuid() == 0 && writable)
            QVERIFY2(bounded, notes.c_str());
    }

    void printsAndExitsWithTheProgramsCode() {
        const RunResult result = run("import sys\nprint('hello')\nsys.exit(7)\n");
        QCOMPARE(result.stdoutBytes, std::string("hello\n"));
        QCOMPARE(result.exitCode, std::optional<int>(7));
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
        QVERIFY(!result.timedOut);
        QVERIFY(result.wallSeconds > 0);
        QVERIFY(result.peakMemoryKb.value_or(0) > 1000); // a Python interpreter's worth
    }

    // What the program can see and who it is: the list of what must and must not be there.
    void filesystemViewAndIdentity_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("expected");
        QTest::newRow("runs as uid 1000 inside") << "import os; print(os.getuid(), os.getgid())"
                                                 << "1000 1000";
        QTest::newRow("no capabilities")
            << "print([l for l in open('/proc/self/status') if l.startswith('CapEff')][0].split()[1])"
            << "0000000000000000";
        QTest::newRow("bounding set empty")
            << "print([l for l in open('/proc/self/status') if l.startswith('CapBnd')][0].split()[1])"
            << "0000000000000000";
        QTest::newRow("no_new_privs") << "print([l for l in open('/proc/self/status') if "
                                         "l.startswith('NoNewPrivs')][0].split()[1])"
                                      << "1";
        QTest::newRow("seccomp filter loaded")
            << "print([l for l in open('/proc/self/status') if l.startswith('Seccomp:')][0].split()[1])"
            << "2";
        QTest::newRow("top level is minimal")
            << "import os; print(sorted(n for n in os.listdir('/') if not os.path.islink('/' + n)))"
            << "['data', 'dev', 'etc', 'proc', 'sandbench', 'tmp', 'usr']"; // /data: where inputs appear
        QTest::newRow("no host home, root, var, run")
            << "import os; print([p for p in ('/home', '/root', '/var', '/run', '/mnt', '/sys') if "
               "os.path.exists(p)])"
            << "[]";
        // Only the empty folder for the program's artifacts.
        QTest::newRow("host /tmp not visible")
            << "import os; print(os.listdir('/tmp'), os.listdir('/tmp/outputs'))"
            << "['outputs'] []";
        QTest::newRow("working folder is /tmp") << "import os; print(os.getcwd())"
                                                << "/tmp";
        QTest::newRow("own PID namespace: program is pid 2 under init")
            << "import os; print(os.getpid(), sorted(int(p) for p in os.listdir('/proc') if p.isdigit()))"
            << "2 [1, 2]";
        // The sandbox's init is Sandbench forked without exec: its argv must not carry host paths or options.
        QTest::newRow("init's command line is not Sandbench's")
            << "print(open('/proc/1/cmdline', 'rb').read().rstrip(b'\\0').decode())"
            << "sandbench-sandbox";
        // The system folders come through overlays: no mount names the host's disk or its options.
        QTest::newRow("mount table names no host disk")
            << "m = [l.split(' - ')[1].split()[:2] for l in open('/proc/self/mountinfo')]\n"
               "print(any(s.startswith('/dev/') for t, s in m), sorted({t for t, s in m}))"
            << "False ['devtmpfs', 'overlay', 'proc', 'tmpfs']";
        QTest::newRow("hostname") << "import socket; print(socket.gethostname())"
                                  << "sandbench";
        QTest::newRow("/usr read-only")
            << "try:\n    open('/usr/sandbench-probe', 'w')\nexcept OSError as e:\n    print(e.errno)"
            << "30";
        QTest::newRow("root read-only")
            << "try:\n    open('/etc/sandbench-probe', 'w')\nexcept OSError as e:\n    print(e.errno)"
            << "30";
        QTest::newRow("only loopback, and it is down")
            << "print(sorted(l.split(':')[0].strip() for l in list(open('/proc/self/net/dev'))[2:]))"
            << "['lo']";
        QTest::newRow("loopback is down")
            << "import fcntl, socket, struct\ns = socket.socket()\n"
               "flags = struct.unpack('16sH', fcntl.ioctl(s, 0x8913, struct.pack('16sH', b'lo', 0)))[1]\n"
               "print(flags & 1)"
            << "0";
        QTest::newRow("environment is only the policy's")
            << "import os; print(sorted(os.environ))"
            << "['LANG', 'MPLBACKEND', 'MPLCONFIGDIR', 'PATH', 'XDG_CACHE_HOME']";
        QTest::newRow("stdin is empty") << "import sys; print(repr(sys.stdin.read()))"
                                        << "''";
        QTest::newRow("no inherited descriptors")
            << "import os; print(sorted(int(f) for f in os.listdir('/proc/self/fd')))"
            << "[0, 1, 2, 3]";
        // Init enters its cgroup namespace only once it is in the run's cgroup: the host's cgroup path, and
        // the run cgroup's name with Sandbench's pid in it, stay outside.
        QTest::newRow("cgroup paths show only the sandbox's own root")
            << "print(sorted({l.rstrip('\\n').split(':', 2)[2] for l in open('/proc/self/cgroup')}))"
            << "['/']";
        QTest::newRow("host facts hidden by /proc subset=pid")
            << "import os; print(os.path.exists('/proc/meminfo'), os.path.exists('/proc/sys'))"
            << "False False";
    }

    void filesystemViewAndIdentity() {
        QFETCH(QString, code);
        QFETCH(QString, expected);
        const RunResult result = run(code.toStdString() + "\n");
        QVERIFY2(result.exitCode == 0, (result.summary() + "\n" + result.stderrBytes).c_str());
        QCOMPARE(QString::fromStdString(result.stdoutBytes).trimmed(), expected);
    }

    void seccompDenialsComeWithEvidence_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("deniedCall");
        QTest::newRow("packet socket") << "import socket\nsocket.socket(socket.AF_PACKET, socket.SOCK_RAW)"
                                       << "socket(AF_PACKET)";
        QTest::newRow("netlink socket") << "import socket\nsocket.socket(socket.AF_NETLINK, socket.SOCK_RAW)"
                                        << "socket(AF_NETLINK)";
        QTest::newRow("ptrace") << "import ctypes, sys\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                                   "sys.exit(0 if libc.ptrace(16, 1, 0, 0) == 0 else ctypes.get_errno())"
                                << "ptrace";
        QTest::newRow("unshare") << "import ctypes, sys\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                                    "sys.exit(0 if libc.unshare(0x10000000) == 0 else ctypes.get_errno())"
                                 << "unshare";
        QTest::newRow("keyctl")
            << "import ctypes, sys\nlibc = ctypes.CDLL(None, use_errno=True)\n"
               "sys.exit(0 if libc.syscall(250, 0, 0, 0, 0, 0) == 0 else ctypes.get_errno())"
            << "keyctl";
        QTest::newRow("io_uring") << "import ctypes, sys\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                                     "sys.exit(0 if libc.syscall(425, 1, 0) >= 0 else ctypes.get_errno())"
                                  << "io_uring_setup";
        QTest::newRow("clone into a new user namespace")
            << "import ctypes, sys\nlibc = ctypes.CDLL(None, use_errno=True)\n"
               "sys.exit(0 if libc.syscall(56, 0x10000000 | 17, 0, 0, 0, 0) >= 0 else ctypes.get_errno())"
            << "clone(CLONE_NEWUSER)";
        QTest::newRow("TIOCSTI with high bits set") // the kernel truncates the command to 32 bits
            << "import ctypes, sys\nlibc = ctypes.CDLL(None, use_errno=True)\nc = ctypes.c_char(b'x')\n"
               "sys.exit(0 if libc.ioctl(0, ctypes.c_ulong(0x100005412), ctypes.byref(c)) == 0 else "
               "ctypes.get_errno())"
            << "ioctl(TIOCSTI)";
    }

    void seccompDenialsComeWithEvidence() {
        QFETCH(QString, code);
        QFETCH(QString, deniedCall);
        const RunResult result = run(code.toStdString() + "\n");
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Seccomp));
        QVERIFY2(result.evidence.find("seccomp denied " + deniedCall.toStdString()) != std::string::npos,
                 result.evidence.c_str());
        // The program saw the distinctive errno (95, EOPNOTSUPP), as an exit code or in its traceback.
        QVERIFY2(result.exitCode == 95 || result.stderrBytes.find("[Errno 95]") != std::string::npos,
                 (result.summary() + "\n" + result.stderrBytes).c_str());
    }

    // A program that varies its denied calls must not grow the evidence (or the supervisor's work per call)
    // without bound. Socket families above AF_INET6 reach the supervisor one by one, each a distinct
    // "socket(family N)"; unknown system call numbers would not (the kernel answers ENOSYS itself).
    void manyDistinctDenialsKeepTheEvidenceBounded_data() {
        QTest::addColumn<int>("families");
        QTest::addColumn<QString>("named");    // in the summary, with its count
        QTest::addColumn<QString>("notNamed"); // a call past the named ones, which must not appear
        QTest::addColumn<QString>("rest");     // how the summary counts the others
        QTest::newRow("a few, all named") << 3 << "socket(family 1002) ×2"
                                          << "socket(family 1003)"
                                          << "";
        QTest::newRow("20,000 distinct") << 20000 << "socket(family 1014) ×1"
                                         << "socket(family 1015)"
                                         << "… and 19,985 more distinct calls (19,986 denials)";
        QTest::newRow("more distinct than are tracked") // the supervisor tracks 32,768 past the named ones
            << 40000 << "socket(family 1014) ×1"
            << "socket(family 1015)"
            << "… and over 32,768 more distinct calls (39,986 denials)";
    }

    void manyDistinctDenialsKeepTheEvidenceBounded() {
        QFETCH(int, families);
        QFETCH(QString, named);
        QFETCH(QString, notNamed);
        QFETCH(QString, rest);
        // ptrace twice first (one entry, counted twice), then the families, then the last family once more.
        const std::string code = "import ctypes, sys\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                                 "libc.ptrace(16, 1, 0, 0)\nlibc.ptrace(16, 1, 0, 0)\n"
                                 "last = 1000 + " +
                                 std::to_string(families) +
                                 " - 1\n"
                                 "for family in range(1000, last + 1):\n"
                                 "    assert libc.socket(family, 1, 0) == -1 and ctypes.get_errno() == 95\n"
                                 "libc.socket(last, 1, 0)\n"
                                 "sys.exit(95)\n";
        Policy policy;
        policy.timeoutSeconds = 120;
        const RunResult result = run(code, policy);
        // Loose on purpose (machines are noisy): the bound that matters is the evidence's.
        QVERIFY2(!result.timedOut && result.wallSeconds < 60, result.summary().c_str());
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Seccomp));
        QCOMPARE(result.exitCode, std::optional<int>(95)); // every call was answered EOPNOTSUPP
        const std::string& evidence = result.evidence;
        QVERIFY2(evidence.size() < 2048, std::to_string(evidence.size()).c_str());
        QVERIFY2(evidence.starts_with("seccomp denied ptrace ×2, socket(family 1000) ×1, "),
                 evidence.c_str());
        QVERIFY2(evidence.find(named.toStdString()) != std::string::npos, evidence.c_str());
        QVERIFY2(evidence.find(notNamed.toStdString()) == std::string::npos, evidence.c_str());
        if (rest.isEmpty())
            QVERIFY2(evidence.find("more") == std::string::npos, evidence.c_str());
        else
            QVERIFY2(evidence.find(rest.toStdString()) != std::string::npos, evidence.c_str());
        QVERIFY2(evidence.ends_with(" (answered EOPNOTSUPP)"), evidence.c_str());
    }

    void cannotSignalItsSupervisor() {
        const RunResult result =
            run("import os\ntry:\n    os.kill(1, 9)\n    print('sent')\nexcept OSError as e:\n"
                "    print(e.errno)\n");
        QCOMPARE(result.exitCode, std::optional<int>(0));
        QCOMPARE(result.stdoutBytes, std::string("1\n")); // EPERM
    }

    void loopbackListenerIsUnreachable() {
        // A real listener on the host's loopback; the sandbox's network namespace has no route to it.
        const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
        QCOMPARE(::listen(listener, 4), 0);
        socklen_t length = sizeof address;
        ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
        const std::string code =
            "import socket\ns = socket.socket()\ns.settimeout(2)\ns.connect(('127.0.0.1', " +
            std::to_string(ntohs(address.sin_port)) + "))\nprint('REACHED')\n";
        const RunResult result = run(code);
        ::close(listener);
        QVERIFY(result.stdoutBytes.find("REACHED") == std::string::npos);
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::NoNetwork));
        QVERIFY2(result.evidence.find("network unreachable (empty network namespace)") != std::string::npos,
                 result.evidence.c_str());
    }

    void missingInterpreterIsASetupFailureAndAnError() {
        RunRequest request;
        request.code = "print('never')\n";
        request.interpreter = {"/usr/bin/python-that-does-not-exist", "-I"};
        const RunResult result = m_tier.run(request, {}, {});
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
        QVERIFY(!result.exitCode.has_value());
        QVERIFY2(result.evidence.find("execute the interpreter") != std::string::npos,
                 result.evidence.c_str());
        QVERIFY2(result.evidence.find("python-that-does-not-exist") != std::string::npos,
                 result.evidence.c_str());
        QVERIFY(result.stdoutBytes.empty());

        // The judge must call this ERROR (the attack never ran), not BLOCKED as the reference would.
        Attack attack;
        attack.name = "Read host secret";
        attack.expectation = Expectation::Marker;
        attack.marker = "LEAKED";
        const Judgement judgement = judgeAttack(attack, result, RunContext{});
        QCOMPARE(nameOf(judgement.verdict), nameOf(Verdict::Error));
    }

    void relativeInterpreterIsRefused() {
        RunRequest request;
        request.code = "print(1)\n";
        request.interpreter = {"python3"};
        const RunResult result = m_tier.run(request, {}, {});
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
        QVERIFY(result.evidence.find("absolute path") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestSubprocessIsolation)
#include "tst_subprocess_isolation.moc"
