// The kernel counts some resources per host user: inotify instances, pending signals, descriptors in flight
// over Unix sockets. A sandbox that takes all it can of one of them must starve neither another sandbox of
// the same tier, running at the same time, nor a root process on the host. Each row runs the attack in
// one sandbox until the kernel refuses it more, then, while it holds what it took, uses the same facility
// in a second sandbox and in this (root) process; both must succeed.

#include "core/quota_probe.h"
#include "tiers/common/descriptor_passing.h"
#include "tiers/common/host_uid_block.h"
#include "tiers/container/container_tier.h"
#include "tiers/subprocess/subprocess_tier.h"

#include <QElapsedTimer>
#include <QStandardPaths>
#include <QTest>
#include <atomic>
#include <memory>
#include <mutex>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace sandbench;

namespace {

// Each attack takes the facility until the kernel says no, prints "HELD <count> <errno>", and holds on.
const char* const kInotifyAttack = R"(import ctypes, time
libc = ctypes.CDLL(None, use_errno=True)
held, error = [], 0
while len(held) < 5000:
    fd = libc.inotify_init1(0)
    if fd < 0:
        error = ctypes.get_errno()
        break
    held.append(fd)
print('HELD', len(held), error, flush=True)
time.sleep(30)
)";
const char* const kInotifyUse = R"(import ctypes
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init1(0)
print('OK' if fd >= 0 else 'FAIL %d' % ctypes.get_errno())
)";

// pthread_kill (tgkill), not kill: a queue overflow then fails with EAGAIN instead of dropping silently.
const char* const kSignalAttack = R"(import signal, threading, time
signals = list(range(signal.SIGRTMIN, signal.SIGRTMAX + 1))
signal.pthread_sigmask(signal.SIG_BLOCK, signals)
me = threading.get_ident()
held, error = 0, 0
try:
    while held < 200000:
        signal.pthread_kill(me, signals[held % len(signals)])
        held += 1
except OSError as e:
    error = e.errno
print('HELD', held, error, flush=True)
time.sleep(30)
)";
const char* const kSignalUse = R"(import signal, threading
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN])
try:
    signal.pthread_kill(threading.get_ident(), signal.SIGRTMIN)
    print('OK')
except OSError as e:
    print('FAIL', e.errno)
)";

const char* const kInFlightAttack = R"(import os, socket, time
sender, receiver = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
sender.setblocking(False)
fds = [os.open('/dev/null', os.O_RDONLY) for _ in range(16)]
held, error = 0, 0
try:
    while held < 100000:
        socket.send_fds(sender, [b'x'], fds)
        held += len(fds)
except OSError as e:
    error = e.errno
print('HELD', held, error, flush=True)
time.sleep(30)
)";
const char* const kInFlightUse = R"(import os, socket
a, b = socket.socketpair()
try:
    socket.send_fds(a, [b'x'], [os.open('/dev/null', os.O_RDONLY)])
    print('OK')
except OSError as e:
    print('FAIL', e.errno)
)";

// The same facilities, used once by this process (root, on the host). "" when it worked. Inotify and
// pending signals as the Attack Lab's harness uses them (core/quota_probe.h).
QString hostUsesInotify() {
    return QString::fromStdString(useKernelQuotaOnce("inotify"));
}

QString hostQueuesASignal() {
    return QString::fromStdString(useKernelQuotaOnce("signals"));
}

QString hostSendsADescriptor() {
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        return QStringLiteral("socketpair: %1").arg(qt_error_string(errno));
    const char byte = 'x';
    const bool sent = sendWithDescriptors(pair[0], &byte, 1, &pair[1], 1) == 1;
    const int error = errno;
    ::close(pair[0]);
    ::close(pair[1]);
    return sent ? QString() : QStringLiteral("sendmsg(SCM_RIGHTS): %1").arg(qt_error_string(error));
}

using HostUse = QString (*)();

} // namespace

class TestSharedQuotas : public QObject {
    Q_OBJECT

    std::unique_ptr<Tier> tierFor(const QString& setup) {
        if (setup == "subprocess")
            return std::make_unique<SubprocessTier>();
        ContainerSettings settings;
        settings.engine = setup.section(' ', 1).toStdString();
        return std::make_unique<ContainerTier>(settings);
    }

private slots:
    void aQuotaAttackStarvesNoOneElse_data() {
        QTest::addColumn<QString>("setup");
        QTest::addColumn<QString>("attack");
        QTest::addColumn<QString>("use");
        QTest::addColumn<void*>("hostUse");
        const struct {
            const char* name;
            const char* attack;
            const char* use;
            HostUse host;
        } facilities[] = {
            {"inotify instances", kInotifyAttack, kInotifyUse, hostUsesInotify},
            {"pending signals", kSignalAttack, kSignalUse, hostQueuesASignal},
            {"descriptors in flight", kInFlightAttack, kInFlightUse, hostSendsADescriptor},
        };
        for (const char* setup : {"subprocess", "container docker", "container podman"}) {
            for (const auto& facility : facilities)
                QTest::newRow(qPrintable(QStringLiteral("%1: %2").arg(setup, facility.name)))
                    << setup << facility.attack << facility.use << reinterpret_cast<void*>(facility.host);
        }
    }

    void aQuotaAttackStarvesNoOneElse() {
        QFETCH(QString, setup);
        QFETCH(QString, attack);
        QFETCH(QString, use);
        QFETCH(void*, hostUse);
        if (::geteuid() != 0)
            QSKIP("separate host uids per sandbox need root; as an ordinary user README documents the limit");
        if (setup.startsWith("container") && QStandardPaths::findExecutable(setup.section(' ', 1)).isEmpty())
            QSKIP(qPrintable(setup.section(' ', 1) + " is not installed here; CI installs it"));
        std::unique_ptr<Tier> tier = tierFor(setup);
        if (const ProbeResult probe = tier->probe(); !probe.available)
            QSKIP(qPrintable(setup + " cannot run here: " + QString::fromStdString(probe.reason)));

        std::mutex mutex;
        std::string attackerOut;
        std::stop_source stopAttacker;
        RunResult attackerResult;
        std::thread attacker([&] {
            RunRequest request;
            request.code = attack.toStdString();
            request.policy.timeoutSeconds = 40;
            attackerResult = tier->run(
                request,
                [&](Stream stream, std::string_view bytes) {
                    if (stream == Stream::Stdout) {
                        std::lock_guard lock(mutex);
                        attackerOut += bytes;
                    }
                },
                stopAttacker.get_token());
        });
        // A failed check returns early: the attack is ended and its thread joined all the same.
        struct EndAttack {
            std::stop_source& stop;
            std::thread& thread;
            ~EndAttack() {
                stop.request_stop();
                if (thread.joinable())
                    thread.join();
            }
        } endAttack{stopAttacker, attacker};
        auto held = [&] {
            std::lock_guard lock(mutex);
            return QString::fromStdString(attackerOut);
        };
        QTRY_VERIFY_WITH_TIMEOUT(held().contains('\n'), 60000);
        // The attack really took all the kernel would give it: it ended on the kernel's refusal.
        const QStringList counts = held().trimmed().split(' ');
        QCOMPARE(counts.value(0), QStringLiteral("HELD"));
        QVERIFY2(counts.value(1).toInt() > 0 && counts.value(2).toInt() != 0, qPrintable(held()));

        RunRequest victim;
        victim.code = use.toStdString();
        const RunResult other = tier->run(victim, {}, {});
        const QString host = reinterpret_cast<HostUse>(hostUse)();

        stopAttacker.request_stop();
        attacker.join();
        QCOMPARE(QString::fromStdString(other.stdoutBytes), QStringLiteral("OK\n"));
        QCOMPARE(host, QString());
        QCOMPARE(toString(attackerResult.stoppedBy), "cancelled");
        qInfo("%s took %s before the kernel refused it more", qPrintable(setup),
              qPrintable(held().trimmed()));
    }
};

QTEST_GUILESS_MAIN(TestSharedQuotas)
#include "tst_shared_quotas.moc"
