// The subprocess tier's setup steps as the parent sees them: a step of the sandbox zygote that fails is
// reported under its own name, the sandbox's init sets no_new_privs as a step of its own, and the probe's
// note on /proc says what each run's /proc really shows.

#include "tiers/common/host_uid_block.h"
#include "tiers/subprocess/sandbox_plan.h"
#include "tiers/subprocess/sandbox_zygote.h"
#include "tiers/subprocess/subprocess_tier.h"

#include <QTest>
#include <algorithm>
#include <sys/resource.h>
#include <unistd.h>

using namespace sandbench;

namespace {

// How a row breaks the zygote's setup.
enum class Breakage {
    MissingStagingRoot,   // the root tmpfs has nowhere to go
    NoProcMountPoint,     // the template's view lacks /proc
    NoProcessForTheServer // RLIMIT_NPROC 1: the zygote cannot fork its server
};

} // namespace

Q_DECLARE_METATYPE(Breakage)

class TestSandboxSetup : public QObject {
    Q_OBJECT

private slots:
    void zygoteFailureNamesItsStep_data() {
        QTest::addColumn<Breakage>("breakage");
        QTest::addColumn<bool>("needsRoot");
        QTest::addColumn<QString>("expected");
        QTest::newRow("template's root tmpfs")
            << Breakage::MissingStagingRoot << false
            << "the sandbox zygote could not mount the sandbox root tmpfs: No such file or directory";
        QTest::newRow("template's /proc")
            << Breakage::NoProcMountPoint << false
            << "the sandbox zygote could not mount the template's /proc: No such file or directory";
        // Reported as a failed /proc mount before the zygote's steps had names of their own.
        QTest::newRow("zygote's server") << Breakage::NoProcessForTheServer << true
                                         << "the sandbox zygote could not start its server (PID 1 of that "
                                            "PID namespace): Resource temporarily unavailable";
    }

    void zygoteFailureNamesItsStep() {
        QFETCH(Breakage, breakage);
        QFETCH(bool, needsRoot);
        QFETCH(QString, expected);
        const bool root = ::geteuid() == 0;
        // Root is not held to RLIMIT_NPROC, but the zygote runs as its uid block's owner.
        if (needsRoot && !root)
            QSKIP(
                "the zygote is bound by this process's RLIMIT_NPROC only when it runs as another uid: root");
        if (root && !HostUidBlock::instance().available())
            QSKIP(HostUidBlock::instance().problem().c_str());

        ChildPlan plan = planSandboxTemplate();
        plan.dropSupplementaryGroups = root;
        if (breakage == Breakage::MissingStagingRoot)
            plan.stagingRoot = "/sandbench-staging-root-that-does-not-exist";
        if (breakage == Breakage::NoProcMountPoint)
            std::erase(plan.directories, plan.stagingRoot + "/proc");

        rlimit processes{};
        QCOMPARE(::getrlimit(RLIMIT_NPROC, &processes), 0);
        if (breakage == Breakage::NoProcessForTheServer) {
            const rlimit one{1, processes.rlim_max};
            QCOMPARE(::setrlimit(RLIMIT_NPROC, &one), 0);
        }
        SandboxZygote zygote;
        std::string error;
        const bool started = zygote.start(plan, root ? &HostUidBlock::instance() : nullptr, error);
        QCOMPARE(::setrlimit(RLIMIT_NPROC, &processes), 0);
        QVERIFY(!started);
        QCOMPARE(QString::fromStdString(error), expected);
    }

    void procNoteSaysWhetherSubsetPidFellBack_data() {
        QTest::addColumn<bool>("subsetPid");
        QTest::addColumn<QStringList>("mustSay");
        QTest::addColumn<QStringList>("mustNotSay");
        QTest::newRow("subset=pid") << true << QStringList{"/proc: ", "own processes only", "subset=pid"}
                                    << QStringList{"refused", "full"};
        QTest::newRow("fell back") << false
                                   << QStringList{"/proc: ", "refused", "subset=pid", "full one", "meminfo"}
                                   << QStringList{"own processes only"};
    }

    void procNoteSaysWhetherSubsetPidFellBack() {
        QFETCH(bool, subsetPid);
        QFETCH(QStringList, mustSay);
        QFETCH(QStringList, mustNotSay);
        const QString note = QString::fromStdString(describeProc(subsetPid));
        for (const QString& words : mustSay)
            QVERIFY2(note.contains(words), qPrintable(note));
        for (const QString& words : mustNotSay)
            QVERIFY2(!note.contains(words), qPrintable(note));
    }

    // The note in the probe is the one for what the runs' /proc really shows on this kernel.
    void probeNoteMatchesTheRunsProc() {
        SubprocessTier tier;
        const ProbeResult probe = tier.probe();
        if (!probe.available)
            QSKIP(probe.reason.c_str());
        std::vector<std::string> procNotes;
        std::copy_if(probe.notes.begin(), probe.notes.end(), std::back_inserter(procNotes),
                     [](const std::string& note) { return note.rfind("/proc: ", 0) == 0; });
        QCOMPARE(procNotes.size(), std::size_t(1));
        RunRequest request;
        request.code = "import os; print(os.path.exists('/proc/meminfo'), os.path.exists('/proc/1'))\n";
        const RunResult result = tier.run(request, {}, {});
        QVERIFY2(result.exitCode == 0, (result.summary() + "\n" + result.stderrBytes).c_str());
        const bool hostFactsHidden = result.stdoutBytes == "False True\n";
        QVERIFY2(hostFactsHidden || result.stdoutBytes == "True True\n", result.stdoutBytes.c_str());
        QCOMPARE(procNotes.front(), describeProc(hostFactsHidden));
    }

    // NotDumpable and no_new_privs are separate steps of the init now; both still happen.
    void sandboxInitHasNoNewPrivs() {
        SubprocessTier tier;
        if (const ProbeResult probe = tier.probe(); !probe.available)
            QSKIP(probe.reason.c_str());
        RunRequest request;
        request.code =
            "print([l.split()[1] for l in open('/proc/1/status') if l.startswith('NoNewPrivs')][0])\n";
        const RunResult result = tier.run(request, {}, {});
        QVERIFY2(result.exitCode == 0, (result.summary() + "\n" + result.stderrBytes).c_str());
        QCOMPARE(result.stdoutBytes, std::string("1\n"));
    }
};

QTEST_GUILESS_MAIN(TestSandboxSetup)
#include "tst_sandbox_setup.moc"
