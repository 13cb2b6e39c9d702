// The host's account of a container's cgroups (tiers/container/container_host_account.h), read for real
// from a container an engine started: the CPU time its processes used and the OOM kills of its memory
// cgroup. Under gVisor the waiter inside sees no cgroup files, so these host figures are all the tier has:
// a memory attack whose stub process the OOM killer ended reported "exit 2" with no layer before the host
// counted the kill. A plain runc container shows the same host files and survives a killed child, so the
// count can be compared with what happened.

#include "tiers/container/container_host_account.h"

#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTest>
#include <unistd.h>

using namespace sandbench;

namespace {

constexpr const char* kImage = "sandbench/python:4";

QString engineProblem(const QString& engine) {
    if (QStandardPaths::findExecutable(engine).isEmpty())
        return engine + " is not installed";
    QProcess image;
    image.start(engine, {"image", "inspect", kImage});
    if (!image.waitForFinished(30000) || image.exitCode() != 0)
        return engine + " does not answer or lacks " + kImage + " (scripts/setup-container-tier.sh)";
    return {};
}

// Runs `engine args`, returning its stdout; fails the test on an error.
QString engineSays(const QString& engine, const QStringList& arguments) {
    QProcess process;
    process.start(engine, arguments);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        qWarning("%s %s: %s", qPrintable(engine), qPrintable(arguments.join(' ')),
                 process.readAllStandardError().constData());
        return {};
    }
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

} // namespace

class TestContainerHostAccount : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void countsOomKillsAndCpuTime_data() {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<bool>("childOutgrowsMemory");
        for (const char* engine : {"docker", "podman"}) {
            QTest::addRow("%s, a child OOM-killed", engine) << engine << true;
            QTest::addRow("%s, nothing killed", engine) << engine << false;
        }
    }
    void countsOomKillsAndCpuTime() {
        QFETCH(QString, engine);
        QFETCH(bool, childOutgrowsMemory);
        if (::geteuid() != 0)
            QSKIP("reading another uid's container cgroups needs root (CI runs as root)");
        if (const QString problem = engineProblem(engine); !problem.isEmpty())
            QSKIP(qPrintable(problem));

        // A child that outgrows the 64 MB limit is killed by the container's memory cgroup; its shell
        // lives on, burns a little CPU, then waits to be read and removed.
        const QString child = childOutgrowsMemory ? "python3 -c 'b = bytearray(200 << 20)'; " : "";
        const QString name = QString("sandbench-test-account-%1").arg(::getpid());
        const QString id = engineSays(
            engine, {"run", "-d", "--rm", "--name", name, "--label", "sandbench", "--label",
                     QString("sandbench.owner=%1").arg(::getpid()), "--memory", "64m", "--memory-swap", "64m",
                     "--network", "none",
                     // Without these Podman cannot start a container on hosts like ours.
                     "--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1024:1024", kImage, "sh", "-c",
                     child + "python3 -c 'import time\nwhile time.process_time() < 0.3: pass'; "
                             "echo done; sleep 60"});
        QVERIFY(!id.isEmpty());
        auto removed = qScopeGuard([&] { engineSays(engine, {"rm", "-f", id}); });
        QTRY_COMPARE_WITH_TIMEOUT(engineSays(engine, {"logs", id}), QString("done"), 30000);

        const ContainerHostAccount account = hostAccountOfContainer(id.toStdString());
        QVERIFY2(account.oomKills, "the host's memory cgroup of the container was not found");
        QCOMPARE(*account.oomKills, childOutgrowsMemory ? 1 : 0);
        QVERIFY2(account.cpuSeconds, "the host's CPU account of the container was not found");
        QVERIFY2(*account.cpuSeconds >= 0.25 && *account.cpuSeconds < 30,
                 qPrintable(QString::number(*account.cpuSeconds) + " s"));

        // A container that is gone has no account: nullopt, not a zero.
        removed.dismiss();
        engineSays(engine, {"rm", "-f", id});
        const ContainerHostAccount after = hostAccountOfContainer(id.toStdString());
        QVERIFY(!after.oomKills);
        QVERIFY(!after.cpuSeconds);
    }
};

QTEST_GUILESS_MAIN(TestContainerHostAccount)
#include "tst_container_host_account.moc"
