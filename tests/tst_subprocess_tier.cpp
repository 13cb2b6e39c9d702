// The hardened subprocess tier, run for real: namespaces, the filesystem view, rlimits, seccomp, Landlock,
// live output, cancellation and cleanup. Skips (with the reason) only where the host cannot create user
// namespaces; CI's machine can, so nothing is skipped there.

#include "core/attack_judge.h"
#include "core/attack_suite.h"
#include "process_census.h"
#include "tiers/subprocess/run_cgroup.h"
#include "tiers/subprocess/subprocess_tier.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTest>
#include <QThread>
#include <atomic>
#include <chrono>
#include <csignal>
#include <dirent.h>
#include <fstream>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace sandbench;

using test_support::countProcessesNamed;

namespace {

struct Chunk {
    Stream stream;
    std::string bytes;
    double atSeconds;
};

// Collects what the sink saw, with arrival times, as a front end would.
struct RecordingSink {
    std::vector<Chunk> chunks;
    QElapsedTimer clock;
    RecordingSink() { clock.start(); }
    OutputSink sink() {
        return [this](Stream stream, std::string_view bytes) {
            chunks.push_back({stream, std::string(bytes), static_cast<double>(clock.nsecsElapsed()) / 1e9});
        };
    }
    std::string all(Stream stream) const {
        std::string joined;
        for (const auto& chunk : chunks) {
            if (chunk.stream == stream)
                joined += chunk.bytes;
        }
        return joined;
    }
};

std::vector<std::string> tmpEntriesStartingWith(const std::string& prefix) {
    std::vector<std::string> names;
    DIR* tmp = ::opendir("/tmp");
    while (dirent* entry = ::readdir(tmp)) {
        if (std::string(entry->d_name).rfind(prefix, 0) == 0)
            names.push_back(entry->d_name);
    }
    ::closedir(tmp);
    std::sort(names.begin(), names.end());
    return names;
}

// Qt Test prints QStrings on failure; the engine's enums name themselves.
template <typename Enum> QString nameOf(Enum value) {
    return QString::fromUtf8(toString(value));
}

// Live or zombie processes whose parent is `parent`.
std::vector<pid_t> childrenOf(pid_t parent) {
    std::vector<pid_t> children;
    DIR* proc = ::opendir("/proc");
    while (dirent* entry = ::readdir(proc)) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9')
            continue;
        std::ifstream status(std::string("/proc/") + entry->d_name + "/status");
        std::string line;
        while (std::getline(status, line)) {
            if (line.rfind("PPid:", 0) == 0) {
                if (std::stoi(line.substr(5)) == parent)
                    children.push_back(std::stoi(entry->d_name));
                break;
            }
        }
    }
    ::closedir(proc);
    return children;
}

// `children` processes that each allocate and touch `megabytes`, then wait to be released: prints how many
// held theirs at the same time. Ends early once a child has died (an OOM kill), so a stopped run is quick.
std::string spreadProgram(int children, int megabytes) {
    return "import os, select, time\n"
           "N, MB = " +
           std::to_string(children) + ", " + std::to_string(megabytes) +
           "\n"
           "report_r, report_w = os.pipe()\n"
           "release_r, release_w = os.pipe()\n"
           "pids = []\n"
           "for _ in range(N):\n"
           "    pid = os.fork()\n"
           "    if pid == 0:\n"
           "        os.close(release_w)\n"
           "        block = b'\\x01' * (MB << 20)\n"
           "        os.write(report_w, b'H')\n"
           "        select.select([release_r], [], [], 20)\n"
           "        os._exit(0)\n"
           "    pids.append(pid)\n"
           "os.close(report_w)\n"
           "held, died, deadline = 0, False, time.monotonic() + 20\n"
           "while held < N and not died and time.monotonic() < deadline:\n"
           "    if select.select([report_r], [], [], 0.1)[0]:\n"
           "        held += len(os.read(report_r, 16))\n"
           "    died = any(os.waitpid(pid, os.WNOHANG)[0] for pid in pids)\n"
           "print('held', held, flush=True)\n"
           "os.close(release_w)\n"
           "for pid in pids:\n"
           "    try:\n"
           "        os.waitpid(pid, 0)\n"
           "    except ChildProcessError:\n"
           "        pass\n";
}

long selfMaxRssKb() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

} // namespace

class TestSubprocessTier : public QObject {
    Q_OBJECT

private:
    SubprocessTier m_tier;

    RunResult run(const std::string& code, Policy policy = {}, RecordingSink* recorder = nullptr) {
        RunRequest request;
        request.code = code;
        request.policy = policy;
        return m_tier.run(request, recorder ? recorder->sink() : OutputSink{}, {});
    }

    // The rows that need the run's cgroups skip, with the probe's reason, where the host gives none.
    void skipWithoutRunCgroups() {
        for (const MissingProtection& missing : m_tier.missingProtections())
            if (missing.name == "aggregate-memory")
                QSKIP(("the host gives this user no cgroup: " + missing.reason).c_str());
    }

    bool hostGivesRunCgroups() {
        const auto missing = m_tier.missingProtections();
        return std::none_of(missing.begin(), missing.end(),
                            [](const MissingProtection& m) { return m.name == "aggregate-memory"; });
    }

private Q_SLOTS:
    void initTestCase() {
        const ProbeResult probe = m_tier.probe();
        if (!probe.available)
            QSKIP(("subprocess tier unavailable here: " + probe.reason).c_str());
    }

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
            << "['dev', 'etc', 'proc', 'sandbench', 'tmp', 'usr']";
        QTest::newRow("no host home, root, var, run")
            << "import os; print([p for p in ('/home', '/root', '/var', '/run', '/mnt', '/sys') if "
               "os.path.exists(p)])"
            << "[]";
        QTest::newRow("host /tmp not visible") << "import os; print(os.listdir('/tmp'))"
                                               << "[]";
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
        QTest::newRow("environment is only the policy's") << "import os; print(sorted(os.environ))"
                                                          << "['LANG', 'PATH']";
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

    void workingFolderIsCappedAsAWhole() {
        // Many files, each under the 1 MB file-size limit, together over the 4 MB folder: ENOSPC.
        Policy policy;
        policy.workdirMb = 4;
        const RunResult result =
            run("for i in range(16):\n    open(f'f{i}', 'wb').write(b'x' * 900_000)\n", policy);
        QCOMPARE(result.exitCode, std::optional<int>(1));
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::DiskLimit));
        QVERIFY2(result.evidence.find("ENOSPC") != std::string::npos, result.evidence.c_str());
    }

    // Per-process limits are no bound on a run: four processes of 200 MB each stay under a 256 MB RLIMIT_AS.
    // The run's memory cgroup holds all of them to the policy's 256 MB together; two of 60 MB fit.
    void memoryIsBoundedAcrossProcesses_data() {
        QTest::addColumn<int>("children");
        QTest::addColumn<int>("megabytes");
        QTest::addColumn<bool>("stopped");
        QTest::newRow("4 x 200 MB under 256 MB: stopped by the memory cgroup") << 4 << 200 << true;
        QTest::newRow("2 x 60 MB under 256 MB: runs") << 2 << 60 << false;
    }

    void memoryIsBoundedAcrossProcesses() {
        QFETCH(int, children);
        QFETCH(int, megabytes);
        QFETCH(bool, stopped);
        if (stopped)
            skipWithoutRunCgroups();
        Policy policy;
        policy.timeoutSeconds = 30;
        const RunResult result = run(spreadProgram(children, megabytes), policy);
        const std::string what = result.summary() + "\n" + result.stdoutBytes + result.stderrBytes;
        if (!stopped) {
            QCOMPARE(result.stdoutBytes, "held " + std::to_string(children) + "\n");
            QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
            QCOMPARE(result.exitCode, std::optional<int>(0));
            // The peak is all of them together, not one process's RSS.
            QVERIFY2(result.peakMemoryKb.value_or(0) > children * megabytes * 1024L, what.c_str());
            return;
        }
        QVERIFY2(result.stdoutBytes != "held " + std::to_string(children) + "\n", what.c_str());
        QVERIFY(!result.timedOut);
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::MemoryLimit));
        QVERIFY2(result.evidence.find("the run's memory cgroup (256 MB for all its processes") !=
                     std::string::npos,
                 result.evidence.c_str());
        QVERIFY2(result.evidence.find("OOM killer ended") != std::string::npos, result.evidence.c_str());
    }

    // Socket buffers are kernel memory, not address space: RLIMIT_AS never sees them. Unix socket pairs
    // are charged to the run's memory cgroup as kernel memory; TCP buffers (with network on, over the host's
    // loopback) to cgroup v1's separate TCP counter, capped at a quarter of the memory limit, or to
    // memory.max on v2. 400 MB are attempted under a 256 MB policy; what the program could queue is printed.
    void socketBuffersCountAgainstTheRunsMemory_data() {
        QTest::addColumn<bool>("tcp");
        QTest::newRow("Unix socket pairs") << false;
        QTest::newRow("loopback TCP, network on") << true;
    }

    void socketBuffersCountAgainstTheRunsMemory() {
        QFETCH(bool, tcp);
        skipWithoutRunCgroups();
        const std::string code =
            std::string("import socket\n") +
            (tcp ? "listener = socket.socket()\nlistener.bind(('127.0.0.1', 0))\nlistener.listen(200)\n"
                   "def pair():\n"
                   "    a = socket.create_connection(listener.getsockname(), timeout=2)\n"
                   "    b, _ = listener.accept()\n"
                   "    b.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)\n"
                   "    return a, b\n"
                 : "def pair():\n"
                   "    a, b = socket.socketpair()\n"
                   "    a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4 << 20)\n"
                   "    return a, b\n") +
            "held, queued, chunk = [], 0, b'q' * 65536\n"
            "while queued < 400 << 20 and len(held) < 200:\n"
            "    a, b = pair()\n"
            "    held += [a, b]\n"
            "    a.setblocking(False)\n"
            "    added = 0\n"
            "    while queued + added < 400 << 20:\n"
            "        try:\n"
            "            added += a.send(chunk)\n"
            "        except BlockingIOError:\n"
            "            break\n"
            "    queued += added\n"
            "    if added < len(chunk):\n"
            "        break\n"
            "print('queued', queued >> 20, flush=True)\n";
        Policy policy;
        policy.timeoutSeconds = 30;
        policy.network = tcp;
        const RunResult result = run(code, policy);
        const std::string what = result.summary() + "\n" + result.stdoutBytes + result.stderrBytes;
        QVERIFY2(!result.timedOut, what.c_str());
        int queuedMb = -1;
        if (result.stdoutBytes.starts_with("queued "))
            queuedMb = std::stoi(result.stdoutBytes.substr(7));
        if (!tcp) {
            // The pairs' buffers are kernel memory, charged to the cgroup: its OOM killer ends the program,
            // whose own RSS stays small.
            QVERIFY2(queuedMb < 256, what.c_str());
            QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::MemoryLimit));
            QVERIFY2(result.evidence.find("the run's memory cgroup") != std::string::npos, what.c_str());
        } else {
            // The TCP counter turns sends away (EAGAIN) at its limit: 64 MB, plus what the kernel lets
            // every new socket queue regardless.
            QVERIFY2(queuedMb >= 0 && queuedMb < 128, what.c_str());
        }
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

    void outputCapHoldsUnderATenMegabyteFlood() {
        const long rssBefore = selfMaxRssKb();
        RecordingSink recorder;
        const RunResult result =
            run("import sys\nchunk = b'y' * 65536\nfor _ in range(160):\n    sys.stdout.buffer.write(chunk)\n"
                "sys.stderr.write('flooded\\n')\n",
                Policy{}, &recorder);
        QCOMPARE(result.exitCode, std::optional<int>(0)); // never blocked: the pipe kept being drained
        QVERIFY(result.stdoutTruncated);
        QCOMPARE(result.stdoutBytes, std::string(10000, 'y') + kOutputTruncatedMarker);
        QCOMPARE(recorder.all(Stream::Stdout), result.stdoutBytes); // the sink saw exactly what was kept
        QCOMPARE(result.stderrBytes, std::string("flooded\n"));
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::OutputCap));
        // 10 MB went through the pipe; our own memory must not have grown by anything like it.
        QVERIFY2(selfMaxRssKb() - rssBefore < 4096, std::to_string(selfMaxRssKb() - rssBefore).c_str());
    }

    void binaryOutputPassesThroughUnchanged() {
        RecordingSink recorder;
        const RunResult result =
            run("import sys\nsys.stdout.buffer.write(b'\\xff\\xfe\\x00caf\\xc3\\xa9\\x00\\xc3')\n"
                "sys.stderr.buffer.write(b'\\x00\\x80')\n",
                Policy{}, &recorder);
        const std::string expected("\xff\xfe\0caf\xc3\xa9\0\xc3", 10);
        QCOMPARE(result.stdoutBytes, expected);
        QCOMPARE(recorder.all(Stream::Stdout), expected);
        QCOMPARE(result.stderrBytes, std::string("\0\x80", 2));
        QCOMPARE(result.exitCode, std::optional<int>(0));
    }

    void outputStreamsLiveAndInOrder() {
        RecordingSink recorder;
        const RunResult result = run("import sys, time\nprint('one')\ntime.sleep(0.4)\n"
                                     "print('two', file=sys.stderr)\ntime.sleep(0.4)\nprint('three')\n",
                                     Policy{}, &recorder);
        QCOMPARE(result.exitCode, std::optional<int>(0));
        // Merge consecutive chunks of one stream: -u writes "one" and "\n" separately.
        std::vector<std::pair<Stream, std::string>> seen;
        std::vector<double> firstArrival;
        for (const auto& chunk : recorder.chunks) {
            if (!seen.empty() && seen.back().first == chunk.stream) {
                seen.back().second += chunk.bytes;
            } else {
                seen.emplace_back(chunk.stream, chunk.bytes);
                firstArrival.push_back(chunk.atSeconds);
            }
        }
        const std::vector<std::pair<Stream, std::string>> expected{
            {Stream::Stdout, "one\n"}, {Stream::Stderr, "two\n"}, {Stream::Stdout, "three\n"}};
        QCOMPARE(seen, expected);
        // Live: each chunk arrived while the program was still sleeping, not all at the end.
        QVERIFY(firstArrival[1] - firstArrival[0] > 0.3);
        QVERIFY(firstArrival[2] - firstArrival[1] > 0.3);
    }

    void timeoutKillsEscapeesAndLeavesNothing() {
        const auto tmpBefore = tmpEntriesStartingWith("sandbench");
        const std::string name = "sbx-esc-" + std::to_string(::getpid() % 100000);
        // Double fork, setsid, ignore SIGTERM, rename: everything a program does to outlive its run.
        const std::string code = "import ctypes, os, signal, time\n"
                                 "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                                 "def rename():\n"
                                 "    ctypes.CDLL(None).prctl(15, b'" +
                                 name +
                                 "', 0, 0, 0)\n"
                                 "if os.fork() == 0:\n"
                                 "    os.setsid()\n"
                                 "    if os.fork() == 0:\n"
                                 "        rename()\n"
                                 "        time.sleep(120)\n"
                                 "    os._exit(0)\n"
                                 "rename()\n"
                                 "print('detached', flush=True)\n"
                                 "time.sleep(120)\n";
        Policy policy;
        policy.timeoutSeconds = 1.5;
        RecordingSink recorder;
        // While it runs, the escapees really exist on the host: the final check is not vacuous.
        std::atomic<int> mostSeen = 0;
        std::atomic<bool> cgroupSeen = false;
        std::thread observer([&] {
            for (int i = 0; i < 60 && (mostSeen < 2 || !cgroupSeen); ++i) {
                mostSeen = std::max(mostSeen.load(), countProcessesNamed(name));
                cgroupSeen = cgroupSeen || !runCgroupsOf(::getpid()).empty();
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        });
        const RunResult result = run(code, policy, &recorder);
        observer.join();
        QCOMPARE(mostSeen.load(), 2);
        QVERIFY(result.timedOut);
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Timeout));
        QVERIFY2(result.evidence.find("1.5 s wall timeout") != std::string::npos, result.evidence.c_str());
        QCOMPARE(result.termSignal, std::optional<int>(SIGKILL));
        QCOMPARE(result.stdoutBytes, std::string("detached\n"));
        QVERIFY(result.wallSeconds >= 1.5 && result.wallSeconds < 3.0);
        QCOMPARE(countProcessesNamed(name), 0);
        QCOMPARE(tmpEntriesStartingWith("sandbench"), tmpBefore);
        // Nor its cgroups, which existed while it ran.
        QCOMPARE(cgroupSeen.load(), hostGivesRunCgroups());
        m_tier.settle();
        QCOMPARE(runCgroupsOf(::getpid()), std::vector<std::string>{});
        QVERIFY(m_tier.leftovers().empty());
    }

    void cpuLimitStopsABusyLoop() {
        Policy policy;
        policy.timeoutSeconds = 10;
        policy.cpuSeconds = 1;
        const RunResult result = run("while True: pass\n", policy);
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::CpuLimit));
        QVERIFY(!result.timedOut);
        QVERIFY(result.termSignal == SIGKILL || result.termSignal == SIGXCPU);
        QVERIFY(result.wallSeconds < 5);
    }

    void cancellationStopsAtOnce() {
        std::stop_source stopper;
        RunRequest request;
        request.code = "import time\nprint('waiting', flush=True)\ntime.sleep(60)\n";
        request.policy.timeoutSeconds = 30;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(400));
            stopper.request_stop();
        });
        QElapsedTimer clock;
        clock.start();
        const RunResult result = m_tier.run(request, {}, stopper.get_token());
        canceller.join();
        QVERIFY2(clock.elapsed() < 2000, std::to_string(clock.elapsed()).c_str());
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Cancelled));
        QVERIFY(!result.timedOut);
        QCOMPARE(result.stdoutBytes, std::string("waiting\n"));
        m_tier.settle();
        QCOMPARE(runCgroupsOf(::getpid()), std::vector<std::string>{});
    }

    // Runs end before the kernel has torn a sandbox's namespaces down; the zygote's server reaps each init
    // as it goes. Shortly after, nothing may be left: no sandbox under the server, no child of ours but the
    // zygote, whose only child is its server.
    void leavesNoProcessesBehind() {
        for (int i = 0; i < 5; ++i)
            QCOMPARE(run("print('x')\n").exitCode, std::optional<int>(0));
        const pid_t zygote = m_tier.zygotePid();
        QVERIFY(zygote > 0);
        QCOMPARE(childrenOf(::getpid()), std::vector<pid_t>{zygote});
        const std::vector<pid_t> servers = childrenOf(zygote);
        QCOMPARE(servers.size(), std::size_t(1));
        QTRY_COMPARE_WITH_TIMEOUT(childrenOf(servers.front()).size(), std::size_t(0), 2000);
        // Each run's cgroups go once its init has exited; settle() waits for that.
        m_tier.settle();
        QCOMPARE(runCgroupsOf(::getpid()), std::vector<std::string>{});
        QVERIFY(m_tier.leftovers().empty());
    }

    // As an ordinary user on cgroup v1 (this machine's) the host gives no cgroup: the tier still runs,
    // bounded per process, and says so. Run as root, the test runs itself again as nobody for this one
    // function.
    void ordinaryUserRunsWithTheMissingCgroupShown() {
        if (::geteuid() == 0) {
            QProcess self;
            self.setProcessChannelMode(QProcess::MergedChannels);
            self.start("setpriv", {"--reuid=nobody", "--regid=nogroup", "--clear-groups", "--",
                                   QCoreApplication::applicationFilePath(),
                                   "ordinaryUserRunsWithTheMissingCgroupShown"});
            QVERIFY(self.waitForFinished(60000));
            const QByteArray output = self.readAll();
            QVERIFY2(self.exitStatus() == QProcess::NormalExit && self.exitCode() == 0, output.constData());
            QVERIFY2(
                output.contains("PASS   : TestSubprocessTier::ordinaryUserRunsWithTheMissingCgroupShown()"),
                output.constData());
            return;
        }
        std::string notes;
        for (const auto& note : m_tier.probe().notes)
            notes += note + "\n";
        if (hostGivesRunCgroups()) // a delegated cgroup v2 subtree: then runs have their cgroup
            QSKIP(("this user has a delegated cgroup: " + notes).c_str());
        QVERIFY2(notes.find("no per-run memory cgroup: ") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("memory bounded per process only (RLIMIT_AS)") != std::string::npos,
                 notes.c_str());
        // The run goes ahead, with only its per-process limits: the spread the cgroup would stop gets
        // through.
        Policy policy;
        policy.timeoutSeconds = 30;
        const RunResult result = run(spreadProgram(4, 200), policy);
        QVERIFY2(result.stdoutBytes == "held 4\n", (result.summary() + "\n" + result.stderrBytes).c_str());
        QCOMPARE(runCgroupsOf(::getpid()), std::vector<std::string>{});
    }

    // A zygote that dies (killed by an administrator, the OOM killer) is replaced on the next run.
    void survivesTheLossOfItsZygote() {
        QCOMPARE(run("print(1)\n").exitCode, std::optional<int>(0));
        const pid_t first = m_tier.zygotePid();
        QCOMPARE(::kill(first, SIGKILL), 0);
        QCOMPARE(::waitpid(first, nullptr, 0), first); // reap it here, as a crash would leave it
        const RunResult result = run("print('again')\n");
        QCOMPARE(result.stdoutBytes, std::string("again\n"));
        QVERIFY(m_tier.zygotePid() != first);
    }

    void concurrentRunsAreIndependent() {
        std::vector<RunResult> results(4);
        std::vector<std::thread> threads;
        for (std::size_t i = 0; i < results.size(); ++i) {
            threads.emplace_back([this, i, &results] {
                results[i] = run("import os, sys\nopen('mine', 'w').write(sys.argv[0])\n"
                                 "print(len(os.listdir('.')), " +
                                 std::to_string(i) + ")\n");
            });
        }
        for (auto& thread : threads)
            thread.join();
        for (std::size_t i = 0; i < results.size(); ++i)
            QCOMPARE(results[i].stdoutBytes, "1 " + std::to_string(i) + "\n"); // each saw only its own folder
    }
};

QTEST_GUILESS_MAIN(TestSubprocessTier)
#include "tst_subprocess_tier.moc"
