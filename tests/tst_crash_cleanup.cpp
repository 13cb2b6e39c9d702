// A Sandbench killed mid-run leaves no sandbox behind: each tier ends its sandbox by itself (the container's
// own watchdog, QEMU's parent-death signal, the subprocess tier's), and the next start of Sandbench removes
// what the dead one could not (its temp folders, its containers, the subprocess tier's run cgroups), saying
// so. The CLI is killed with SIGKILL,
// so none of its own clean-up runs; everything is checked from the host.

#include "core/abandoned_folders.h"
#include "core/leftover_check.h"
#include "support/source_paths.h"
#include "tiers/subprocess/run_cgroup.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <fcntl.h>
#include <set>
#include <sys/file.h>
#include <unistd.h>

namespace {

// Long enough for the microVM's emulated Python to start (its CPU limit is the timeout plus one second).
constexpr int kTimeoutSeconds = 6;
// The bound: nothing of the run is alive this long after the run's own timeout.
constexpr int kGraceSeconds = 10;

QString readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// Live processes (not zombies) whose name or command line holds `text`.
QStringList processesMentioning(const QString& text) {
    QStringList found;
    for (const sandbench::ProcessStatus& process : sandbench::listProcesses()) {
        if (process.state == 'Z' || process.pid == ::getpid())
            continue;
        QString commandLine = readFile(QStringLiteral("/proc/%1/cmdline").arg(process.pid));
        commandLine.replace(QChar(u'\0'), QChar(u' '));
        if (QString::fromStdString(process.name).contains(text) || commandLine.contains(text))
            found << QStringLiteral("%1 %2").arg(process.pid).arg(QString::fromStdString(process.name));
    }
    return found;
}

std::set<int> qemuProcesses() {
    std::set<int> pids;
    for (const sandbench::ProcessStatus& process : sandbench::listProcesses())
        if (process.state != 'Z' && QString::fromStdString(process.name).startsWith("qemu-system"))
            pids.insert(process.pid);
    return pids;
}

// sandbench-* folders in `folder` whose owner lock nobody holds: what a dead Sandbench left.
QStringList abandonedFolders(const QString& folder) {
    QStringList found;
    for (const QString& name : QDir(folder).entryList({"sandbench-*"}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QByteArray lock = (folder + "/" + name + "/" + sandbench::kOwnerLockName).toLocal8Bit();
        const int fd = ::open(lock.constData(), O_RDWR | O_CLOEXEC);
        if (fd < 0)
            continue;
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0)
            found << name;
        ::close(fd);
    }
    return found;
}

} // namespace

class TestCrashCleanup : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp; // the CLI's TMPDIR: its folders, and only its, land here
    QJsonArray m_tiers;

    QProcessEnvironment environment() const {
        auto environment = QProcessEnvironment::systemEnvironment();
        environment.insert("TMPDIR", m_tmp.path());
        return environment;
    }

    QString engineCli(const QString& engine) const { return QStandardPaths::findExecutable(engine); }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        QProcess list;
        list.setProcessEnvironment(environment());
        list.start(test_support::cliPath(), {"tiers", "--json"});
        QVERIFY(list.waitForFinished(120000));
        m_tiers = QJsonDocument::fromJson(list.readAllStandardOutput()).array();
        QVERIFY(!m_tiers.isEmpty());
    }

    void killedMidRunLeavesNothing_data() {
        QTest::addColumn<QString>("tier");
        QTest::addColumn<QString>("engine");
        QTest::newRow("subprocess") << "subprocess"
                                    << "";
        QTest::newRow("container docker") << "container"
                                          << "docker";
        QTest::newRow("container podman") << "container"
                                          << "podman";
        QTest::newRow("microvm") << "microvm"
                                 << "";
    }

    void killedMidRunLeavesNothing() {
        QFETCH(QString, tier);
        QFETCH(QString, engine);
        QStringList options{"run", "--tier", tier, "--timeout", QString::number(kTimeoutSeconds)};
        if (!engine.isEmpty()) {
            if (engineCli(engine).isEmpty())
                QSKIP(qPrintable(engine + " is not installed here; CI installs it"));
            options << "--engine" << engine;
        }
        // Is the tier (with that engine) usable here at all?
        {
            QProcess probe;
            probe.setProcessEnvironment(environment());
            probe.start(test_support::cliPath(),
                        QStringList{"tiers", "--json"} +
                            (engine.isEmpty() ? QStringList() : QStringList{"--engine", engine}));
            QVERIFY(probe.waitForFinished(120000));
            for (const QJsonValue& entry : QJsonDocument::fromJson(probe.readAllStandardOutput()).array()) {
                if (entry["name"].toString() == tier && !entry["available"].toBool())
                    QSKIP(qPrintable(tier + " cannot run here: " + entry["reason"].toString() +
                                     "; CI sets it up"));
            }
        }

        const QString marker = QStringLiteral("sbcrash%1")
                                   .arg(QRandomGenerator::global()->generate() % 1000000, 6, 10, QChar('0'));
        // Named after the marker (PR_SET_NAME), so the host sees it in /proc on the shared-kernel tiers.
        const QByteArray program = "import ctypes, time\n"
                                   "ctypes.CDLL(None).prctl(15, b'" +
                                   marker.toUtf8() +
                                   "', 0, 0, 0)\n"
                                   "print('started', flush=True)\n"
                                   "time.sleep(10 ** 6)\n";
        const std::set<int> qemuBefore = qemuProcesses();

        QProcess cli;
        cli.setProcessEnvironment(environment());
        cli.start(test_support::cliPath(), options << "-");
        QVERIFY(cli.waitForStarted());
        const qint64 cliPid = cli.processId();
        cli.write(program);
        cli.closeWriteChannel();
        QElapsedTimer sinceStart;
        sinceStart.start();
        QByteArray out;
        while (!out.contains("started") && sinceStart.elapsed() < 90000 && cli.state() == QProcess::Running) {
            cli.waitForReadyRead(500);
            out += cli.readAllStandardOutput();
        }
        QVERIFY2(out.contains("started"), qPrintable(QString::fromUtf8(out + cli.readAllStandardError())));
        QElapsedTimer sinceProgram;
        sinceProgram.start();
        // The subprocess tier's run is in cgroups of its own where the host gives them (root here): named
        // after the CLI, they outlive its SIGKILL, and the next start must remove them.
        const std::vector<std::string> runCgroups = sandbench::runCgroupsOf(static_cast<pid_t>(cliPid));
        if (tier == "subprocess" && ::geteuid() == 0)
            QVERIFY2(!runCgroups.empty(), "the run has no cgroup: the check below would prove nothing");

        ::kill(static_cast<pid_t>(cliPid), SIGKILL);
        QVERIFY(cli.waitForFinished(10000));

        // Nothing of the run may be alive once its timeout and the grace have passed; look until then, so
        // the message says what outlived it.
        const qint64 bound = (kTimeoutSeconds + kGraceSeconds) * 1000;
        const QString ownerLabel = QStringLiteral("sandbench.owner=%1").arg(cliPid);
        QStringList alive;
        do {
            QTest::qWait(250);
            alive = processesMentioning(marker) + processesMentioning(ownerLabel + " ");
            for (const int pid : qemuProcesses())
                if (!qemuBefore.contains(pid))
                    alive << QStringLiteral("%1 qemu").arg(pid);
        } while (!alive.isEmpty() && sinceProgram.elapsed() < bound);
        QVERIFY2(alive.isEmpty(), qPrintable("alive " + QString::number(sinceProgram.elapsed()) +
                                             " ms after the program started: " + alive.join(", ")));

        if (!engine.isEmpty()) {
            // Not even a stopped container: the engine removed it once its watchdog had ended it.
            QStringList containers;
            do {
                QProcess ps;
                ps.start(engineCli(engine), {"ps", "-a", "-q", "--filter", "label=" + ownerLabel});
                QVERIFY(ps.waitForFinished(30000));
                containers = QString::fromUtf8(ps.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
                if (!containers.isEmpty())
                    QTest::qWait(250);
            } while (!containers.isEmpty() && sinceProgram.elapsed() < bound);
            QVERIFY2(containers.isEmpty(),
                     qPrintable(engine + " still has the dead run's container(s): " + containers.join(" ")));
        }

        // The next start removes the dead one's temp folders and says which.
        const QStringList left = abandonedFolders(m_tmp.path());
        QProcess next;
        next.setProcessEnvironment(environment());
        next.start(test_support::cliPath(), {"tiers"});
        QVERIFY(next.waitForFinished(120000));
        const QString said = QString::fromUtf8(next.readAllStandardError());
        for (const QString& folder : left)
            QVERIFY2(said.contains("removed " + m_tmp.path() + "/" + folder), qPrintable(said));
        QVERIFY2(abandonedFolders(m_tmp.path()).isEmpty(),
                 qPrintable(abandonedFolders(m_tmp.path()).join(" ")));
        if (tier == "container" || tier == "microvm")
            QVERIFY2(!left.isEmpty(),
                     "the dead run left no folder to remove: the check above proved nothing");
        // ...and its run cgroups, saying which.
        if (!runCgroups.empty()) {
            const QString name = QString::fromStdString(runCgroups.front()).section('/', -1);
            QVERIFY2(said.contains("removed run cgroup " + name + " ("), qPrintable(said));
        }
        QCOMPARE(sandbench::runCgroupsOf(static_cast<pid_t>(cliPid)), std::vector<std::string>{});
    }
};

QTEST_GUILESS_MAIN(TestCrashCleanup)
#include "tst_crash_cleanup.moc"
