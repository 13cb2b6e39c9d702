// The Attack Lab running tiers side by side (core's scheduler, as the CLI does): the event loop never stalls
// for more than 50 ms while they run, the status line says the lab's wall time, and Stop ends every tier's
// work at once, leaving no process, container or temporary folder behind.

#include "gui/attack_lab_page.h"
#include "gui/attack_matrix_model.h"
#include "gui/lab_controller.h"
#include "process_census.h"
#include "support/attack_lab_kit.h"
#include "support/container_rows.h"
#include "support/source_paths.h"
#include "support/temp_folder_watch.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <algorithm>
#include <fstream>

using namespace sandbench;

using test_support::allTiers;
using test_support::countProcessesNamed;
using test_support::writeFile;

namespace {

// Nanoseconds this thread has waited for a CPU while it could run (/proc/thread-self/schedstat's second
// field); -1 where the kernel does not say.
long long runQueueWaitNs() {
    std::ifstream schedstat("/proc/thread-self/schedstat");
    long long running = 0, waiting = -1;
    schedstat >> running >> waiting;
    return schedstat ? waiting : -1;
}

// The event loop's worst delay: a 10 ms timer that records how late each of its ticks came. A tick is late
// either because the GUI thread was busy or blocked (a stall of the program), or because the thread was
// ready but the machine gave it no CPU (two cores shared with builds and the lab's own sandboxes): the
// kernel's run-queue wait tells the second apart, and only the first counts as the program's stall.
class StallMeter : public QObject {
public:
    StallMeter() {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(10);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 late = m_clock.restart() - 10;
            const long long waited = runQueueWaitNs();
            const qint64 starved = waited >= 0 && m_waited >= 0 ? (waited - m_waited) / 1000000 : 0;
            m_waited = waited;
            m_worstLate = std::max(m_worstLate, late);
            m_worst = std::max(m_worst, late - starved);
        });
        m_waited = runQueueWaitNs();
        m_clock.start();
        m_timer.start();
    }
    qint64 worstMs() const { return m_worst; }         // the program's own worst stall
    qint64 worstLateMs() const { return m_worstLate; } // the latest tick, whatever the cause

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    long long m_waited = -1;
    qint64 m_worst = 0;
    qint64 m_worstLate = 0;
};

// The local tiers that can run here among `wanted`, with their probes.
struct UsableTiers {
    AttackLabPage::Tiers all = allTiers();
    AttackLabPage::ProbeResults probes;
    QStringList usable;
};

UsableTiers usableAmong(const QStringList& wanted) {
    UsableTiers tiers;
    for (const auto& [name, tier] : tiers.all) {
        const ProbeResult probe = tier->probe();
        tiers.probes.emplace_back(name, probe);
        if (probe.available && wanted.contains(QString::fromStdString(name)))
            tiers.usable << QString::fromStdString(name);
    }
    return tiers;
}

std::unique_ptr<AttackLabPage> pageOn(UsableTiers& tiers, const Policy& policy) {
    auto page = std::make_unique<AttackLabPage>(tiers.all);
    page->setProbeResults(tiers.probes);
    page->setCheckedTiers(tiers.usable);
    page->setPolicy(policy);
    page->resize(1200, 800);
    page->show();
    return page;
}

// Labelled containers of every engine installed here: none may outlive a lab.
QStringList labelledContainersAnywhere() {
    QStringList found;
    for (const QString& engine : {QStringLiteral("docker"), QStringLiteral("podman")}) {
        if (!QStandardPaths::findExecutable(engine).isEmpty())
            found += test_support::labelledContainers(engine);
    }
    return found;
}

} // namespace

class TestAttackLabParallel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theEventLoopNeverStallsWhileTiersRunSideBySide() {
        UsableTiers tiers = usableAmong({"subprocess", "container"});
        if (tiers.usable.size() < 2)
            QSKIP(qPrintable("needs the subprocess and container tiers; usable here: " +
                             tiers.usable.join(", ")));
        // A few of the bundled attacks, some that share a tier and one that runs alone.
        QTemporaryDir suite;
        QVERIFY(QDir().mkpath(suite.filePath("include")));
        for (const char* file :
             {"01_cpu_loop.py", "05_read_host_secret.py", "06_reach_internal_service.py", "07_canary_env.py",
              "13_reach_ipv6_loopback.py", "31_host_kernel_version.py"})
            QVERIFY(
                QFile::copy(QString::fromUtf8(test_support::attacksSourceDir()) + QStringLiteral("/") + file,
                            suite.filePath(file)));
        Policy policy;
        policy.timeoutSeconds = 2;
        auto page = pageOn(tiers, policy);
        page->setSuiteFolder(suite.path());
        QSignalSpy finished(page.get(), &AttackLabPage::labFinished);
        QSignalSpy status(page.get(), &AttackLabPage::statusChanged);

        const StallMeter meter; // from the click on: starting the lab is part of it
        QVERIFY(page->startLab());
        QVERIFY(finished.wait(120000));
        qInfo("while %s ran: worst stall %lld ms (latest tick %lld ms, waits for a CPU included)",
              qPrintable(tiers.usable.join(" + ")), meter.worstMs(), meter.worstLateMs());
        QVERIFY2(meter.worstMs() <= 50, qPrintable(QString::number(meter.worstMs()) + " ms"));

        AttackMatrixModel* model = page->model();
        QCOMPARE(model->rowCount(), 6);
        QCOMPARE(model->columnCount(), 2);
        for (int row = 0; row < model->rowCount(); ++row)
            for (int column = 0; column < model->columnCount(); ++column)
                QVERIFY(model->outcome(row, column));
        // The status line says how long the whole lab took.
        const QString last = status.last().at(0).toString();
        QVERIFY2(last.contains(QRegularExpression(QStringLiteral("\\d+\\.\\d s wall time"))),
                 qPrintable(last));
        QVERIFY(page->labRun().wallSeconds > 0);
    }

    void stopEndsEveryTiersWorkAtOnceAndLeavesNothing() {
        UsableTiers tiers = usableAmong({"host", "subprocess", "container"});
        if (tiers.usable.size() < 2)
            QSKIP(qPrintable("needs two local tiers; usable here: " + tiers.usable.join(", ")));
        const test_support::TempFolderWatch folders({"sandbench-*"});
        QTemporaryDir suite;
        const std::string name = "sbx-par-" + std::to_string(QCoreApplication::applicationPid() % 100000);
        writeFile(suite.filePath("01_spin.py"),
                  "# name: Spin\n# expect: stopped\nimport ctypes\nctypes.CDLL(None).prctl(15, b'" + name +
                      "', 0, 0, 0)\nwhile True:\n    pass\n");
        writeFile(suite.filePath("02_never.py"),
                  "# name: Never reached\n# expect: marker LEAKED\nprint(1)\n");
        Policy policy;
        policy.timeoutSeconds = 60;
        policy.cpuSeconds = 60;
        auto page = pageOn(tiers, policy);
        page->setSuiteFolder(suite.path());
        QSignalSpy finished(page->controller(), &LabController::labFinished);
        QVERIFY(page->startLab());
        // Every tier's spinner runs (a container's processes are the host's too, under their own name).
        QTRY_COMPARE_WITH_TIMEOUT(countProcessesNamed(name), static_cast<int>(tiers.usable.size()), 30000);

        QElapsedTimer clock;
        clock.start();
        page->stopAction()->trigger();
        QVERIFY(finished.wait(5000));
        qInfo("every tier stopped %lld ms after Stop", clock.elapsed());
        QCOMPARE(finished.at(0).at(1).toBool(), true); // cancelled
        QCOMPARE(countProcessesNamed(name), 0);
        for (const QString& tier : tiers.usable)
            QCOMPARE(page->model()->counts(tier), VerdictCounts{}); // a half-run attack proves nothing
        QVERIFY(!page->isRunning());
        page.reset(); // the tiers go, and with them whatever their pools held
        tiers.all.clear();
        QTRY_COMPARE_WITH_TIMEOUT(labelledContainersAnywhere(), QStringList(), 10000);
        // An engine client's folder goes a moment after its client.
        QTRY_COMPARE_WITH_TIMEOUT(folders.leftSince(), QStringList(), 10000);
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestAttackLabParallel test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_attack_lab_parallel.moc"
