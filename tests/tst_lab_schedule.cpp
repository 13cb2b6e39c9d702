// The lab's scheduler (core/lab_schedule.h): tiers side by side, attacks that may share a tier in groups
// and the ones that run alone by themselves, outcomes in suite order whatever order runs end in, warm pools
// sized for the lab and given back their own size after it; and on the real local tiers, a parallel warm
// lab reaching the very verdicts and layers of a sequential cold one, with nothing left behind.

#include "core/attack_harness.h"
#include "core/lab_schedule.h"
#include "support/container_rows.h"
#include "support/source_paths.h"
#include "support/temp_folder_watch.h"
#include "tiers/builtin_tiers.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <atomic>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>

using namespace sandbench;

namespace {

void writeFile(const QString& path, const std::string& text) {
    std::ofstream file(path.toStdString(), std::ios::binary | std::ios::trunc);
    file << text;
}

// The host control under another name, counting the runs it has in flight at once, recording which attacks
// ran beside which, and offering a warm pool that holds nothing but its size.
class RecordingTier : public Tier {
public:
    RecordingTier()
        : m_host(builtinTiers().create("host")) {}
    const TierInfo& info() const override { return m_host->info(); }
    ProbeResult probe() override { return m_host->probe(); }
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override {
        const std::string attack = attackOf(request.code);
        {
            const std::lock_guard lock(m_mutex);
            for (const std::string& other : m_inFlight)
                m_besides[attack].push_back(other), m_besides[other].push_back(attack);
            m_inFlight.push_back(attack);
            m_widest = std::max(m_widest, static_cast<int>(m_inFlight.size()));
            m_poolSizeSeen = m_poolSize;
        }
        RunResult result = m_host->run(request, sink, stop);
        const std::lock_guard lock(m_mutex);
        m_inFlight.erase(std::find(m_inFlight.begin(), m_inFlight.end(), attack));
        return result;
    }
    bool hasWarmPool() const override { return true; }
    void setWarmPoolSize(int size) override { m_poolSize = size; }
    int warmPoolSize() const override { return m_poolSize; }

    int widest() const { return m_widest; }
    int poolSizeSeen() const { return m_poolSizeSeen; }
    std::map<std::string, std::vector<std::string>> besides() const { return m_besides; }

private:
    // Each test attack prints its own name: that is how a run is told from another.
    static std::string attackOf(const std::string& code) {
        const std::size_t at = code.find("# name: ");
        return code.substr(at + 8, code.find('\n', at) - at - 8);
    }

    std::unique_ptr<Tier> m_host;
    std::mutex m_mutex;
    std::vector<std::string> m_inFlight;
    std::map<std::string, std::vector<std::string>> m_besides;
    int m_widest = 0;
    std::atomic<int> m_poolSize{0};
    int m_poolSizeSeen = -1;
};

// A suite of quick attacks, some of which run alone; each lasts long enough for a neighbour to start.
std::vector<Attack> smallSuite(const QTemporaryDir& folder) {
    const char* alone[] = {"", "", "# runs: alone\n", "", "", ""};
    for (int i = 0; i < 6; ++i) {
        const std::string name = "a" + std::to_string(i + 1);
        writeFile(folder.filePath(QStringLiteral("0%1.py").arg(i + 1)),
                  "# name: " + name + "\n# expect: marker DONE\n" + alone[i] +
                      "import time\ntime.sleep(0.4)\nprint('DONE')\n");
    }
    return loadAttackSuite(folder.path().toStdString());
}

struct Cell {
    std::string verdict;
    std::string layer;
    std::vector<std::string> leftovers;
};
using Cells = std::map<std::pair<std::string, std::string>, Cell>; // (tier, file) -> cell

Cells cellsOf(const ScheduledLab& lab) {
    Cells cells;
    for (const TierLabResult& tier : lab.tiers) {
        for (const AttackOutcome& outcome : tier.report.outcomes)
            cells[{outcome.tier, outcome.fileName}] = {std::string(toString(outcome.verdict)), outcome.layer,
                                                       outcome.leftovers};
    }
    return cells;
}

} // namespace

class TestLabSchedule : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void attacksShareATierOnlyWhenTheyMay() {
        QTemporaryDir folder;
        const std::vector<Attack> suite = smallSuite(folder);
        QVERIFY(suite[2].runsAlone);
        const AttackHarness harness;
        RecordingTier tier;
        LabOptions options;
        options.policy.timeoutSeconds = 10;
        LabSchedule schedule;
        schedule.overlap = 2;
        std::vector<std::string> finishedOrder;
        const ScheduledLab lab = runLabSchedule({&tier}, suite, harness, options, schedule, {},
                                                [&](std::size_t, const LabProgress& step) {
                                                    if (step.finished)
                                                        finishedOrder.push_back(step.finished->attack);
                                                });
        QVERIFY(!lab.cancelled);
        QVERIFY(lab.wallSeconds > 0);
        QCOMPARE(lab.tiers.size(), std::size_t(1));
        std::vector<std::string> reported;
        for (const AttackOutcome& outcome : lab.tiers[0].report.outcomes) {
            reported.push_back(outcome.attack);
            QVERIFY2(outcome.verdict == Verdict::Allowed, outcome.evidence.c_str());
        }
        const std::vector<std::string> inSuiteOrder{"a1", "a2", "a3", "a4", "a5", "a6"};
        QCOMPARE(reported, inSuiteOrder);
        QCOMPARE(finishedOrder, inSuiteOrder);
        QCOMPARE(tier.widest(), 2);                                     // never wider than asked
        QVERIFY(tier.besides()["a3"].empty());                          // the one that runs alone did
        QCOMPARE(tier.besides()["a1"], std::vector<std::string>{"a2"}); // groups of two, in suite order
        QCOMPARE(tier.besides()["a4"], std::vector<std::string>{"a5"});
        QVERIFY(tier.besides()["a6"].empty());
    }

    void overlapOfOneRunsTheSuiteInOrder() {
        QTemporaryDir folder;
        const std::vector<Attack> suite = smallSuite(folder);
        const AttackHarness harness;
        RecordingTier tier;
        LabSchedule schedule;
        schedule.overlap = 1;
        const LabOptions options; // named: GCC 12 at -O2 warns a temporary's map may be uninitialised
        const ScheduledLab lab = runLabSchedule({&tier}, suite, harness, options, schedule, {});
        QCOMPARE(lab.tiers[0].report.outcomes.size(), suite.size());
        QCOMPARE(tier.widest(), 1);
    }

    void warmPoolsAreSizedForTheLabAndGivenBackAfter() {
        QTemporaryDir folder;
        const std::vector<Attack> suite = smallSuite(folder);
        const AttackHarness harness;
        const LabOptions options; // named: GCC 12 at -O2 warns a temporary's map may be uninitialised
        RecordingTier warm;
        LabSchedule schedule;
        schedule.overlap = 3;
        runLabSchedule({&warm}, suite, harness, options, schedule, {});
        QCOMPARE(warm.poolSizeSeen(), 3); // as wide as the lab
        QCOMPARE(warm.warmPoolSize(), 0); // nothing kept after it

        RecordingTier cold;
        cold.setWarmPoolSize(4); // the user's own size
        schedule.warm = false;
        runLabSchedule({&cold}, suite, harness, options, schedule, {});
        QCOMPARE(cold.poolSizeSeen(), 0);
        QCOMPARE(cold.warmPoolSize(), 4);
    }

    void stopEndsEveryTierAtOnce() {
        QTemporaryDir folder;
        writeFile(folder.filePath("01.py"), "# name: spin\n# expect: stopped\nwhile True:\n    pass\n");
        writeFile(folder.filePath("02.py"), "# name: never\n# expect: marker DONE\nprint('DONE')\n");
        const std::vector<Attack> suite = loadAttackSuite(folder.path().toStdString());
        const AttackHarness harness;
        RecordingTier first, second;
        LabOptions options;
        options.policy.timeoutSeconds = 120;
        std::stop_source stop;
        std::atomic<int> started{0};
        std::jthread stopper([&] {
            while (started < 2)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            stop.request_stop();
        });
        const ScheduledLab lab = runLabSchedule({&first, &second}, suite, harness, options, LabSchedule{},
                                                stop.get_token(), [&](std::size_t, const LabProgress& step) {
                                                    if (!step.finished)
                                                        ++started;
                                                });
        QVERIFY(lab.cancelled);
        for (const TierLabResult& tier : lab.tiers) {
            QVERIFY(tier.report.cancelled);
            QVERIFY(tier.report.outcomes.empty()); // a half-run attack proves nothing
        }
        QVERIFY2(lab.wallSeconds < options.policy.timeoutSeconds, "the stop, not the timeout, ended it");
    }

    // On the real tiers: the same suite, cold and one attack at a time on each tier, and then as the lab runs
    // it (attacks overlapping where they may, warm pools). Every cell must agree.
    void parallelMatchesSequential_data() {
        QTest::addColumn<QStringList>("tiers");
        QTest::newRow("subprocess") << QStringList{"subprocess"};
        QTest::newRow("container and gvisor") << QStringList{"container", "gvisor"};
        // Not the host control: its cells in the parallel lab must all get through, which tst_attack_matrix
        // checks, so a sequential run has nothing to differ by. It ran to the harness's deadline on every
        // resource attack, the row's whole minute both ways.
        // Not the microVM: a cold TCG boot per cell makes the suite sequentially and in parallel outlast the
        // test's 5-minute watchdog even for the overlapping attacks alone (measured here: more than 300 s).
        // Its cells on the parallel, warm lab are judged by tst_attack_matrix against their expected
        // verdicts.
    }

    void parallelMatchesSequential() {
        QFETCH(QStringList, tiers);
        const TierRegistry registry = builtinTiers();
        std::vector<std::unique_ptr<Tier>> owned;
        std::vector<Tier*> chosen;
        QStringList unusable;
        for (const QString& name : tiers) {
            auto tier = registry.create(name.toStdString());
            const ProbeResult probe = tier ? tier->probe() : ProbeResult{};
            if (!tier || !probe.available) {
                unusable << name + ": " + QString::fromStdString(probe.reason);
                continue;
            }
            chosen.push_back(tier.get());
            owned.push_back(std::move(tier));
        }
        if (chosen.empty())
            QSKIP(qPrintable("not usable here: " + unusable.join("; ")));

        // The folders of these tiers only: other Sandbench work on the machine (a microVM bench) has its own.
        QStringList patterns{"sandbench-host-*", "sandbench-harness-*"};
        if (tiers.contains("container"))
            patterns << "sandbench-engine-*";
        if (tiers.contains("microvm"))
            patterns << "sandbench-vm-*";
        const test_support::TempFolderWatch folders(patterns);
        const std::vector<Attack> suite = loadAttackSuite(test_support::attacksSourceDir());
        auto harness = std::make_unique<const AttackHarness>(); // its folder goes with it, before the check
        LabOptions options;
        // Room for the memory and fork attacks to reach their limits on a loaded machine before the wall
        // clock ends them (at 2 s, a container's memory spread beside gVisor once met the timeout first).
        options.policy.timeoutSeconds = 4;
        // Room for a loaded machine: a run that a slow start pushed past the harness's deadline would differ
        // for the machine's sake, not the schedule's.
        options.graceSeconds = 5;

        std::vector<int> ownPools;
        for (Tier* tier : chosen)
            ownPools.push_back(tier->warmPoolSize());
        LabSchedule sequential;
        sequential.overlap = 1;
        sequential.warm = false;
        // The tiers side by side in both runs, as the lab always runs them: what differs is the schedule
        // within a tier, one cold attack at a time against overlapping attacks served warm. (One tier after
        // the other added a minute here and compared nothing more.)
        const ScheduledLab inOrder = runLabSchedule(chosen, suite, *harness, options, sequential, {});
        const Cells before = cellsOf(inOrder);
        qInfo("%s: one attack at a time took %.1f s", qPrintable(tiers.join(" + ")), inOrder.wallSeconds);
        const ScheduledLab parallel = runLabSchedule(chosen, suite, *harness, options, LabSchedule{}, {});
        const Cells after = cellsOf(parallel);
        qInfo("%s: the parallel lab took %.1f s", qPrintable(tiers.join(" + ")), parallel.wallSeconds);

        QCOMPARE(before.size(), suite.size() * chosen.size());
        QCOMPARE(after.size(), before.size());
        QStringList differences;
        for (const auto& [cell, was] : before) {
            const Cell& now = after.at(cell);
            const QString where = QString::fromStdString(cell.first + " " + cell.second);
            if (now.verdict != was.verdict || now.layer != was.layer)
                differences << where + QString::fromStdString(": sequential " + was.verdict + " [" +
                                                              was.layer + "], parallel " + now.verdict +
                                                              " [" + now.layer + "]");
            for (const Cell* run : {&was, &now})
                for (const std::string& stray : run->leftovers)
                    differences << where + " left " + QString::fromStdString(stray);
        }
        for (const QString& difference : differences)
            qWarning("%s", qPrintable(difference));
        QVERIFY2(differences.isEmpty(), qPrintable(QString::number(differences.size()) + " cells differ"));

        // The pools the lab filled are empty again, and nothing of any run is left.
        for (std::size_t i = 0; i < chosen.size(); ++i)
            QCOMPARE(chosen[i]->warmPoolSize(), ownPools[i]);
        owned.clear();
        harness.reset();
        QCOMPARE(folders.leftSince(), QStringList());
        for (const QString& engine : {QStringLiteral("docker"), QStringLiteral("podman")}) {
            if (tiers.contains("container") && !QStandardPaths::findExecutable(engine).isEmpty())
                QTRY_COMPARE_WITH_TIMEOUT(test_support::labelledContainers(engine), QStringList(), 10000);
        }
    }
};

QTEST_GUILESS_MAIN(TestLabSchedule)
#include "tst_lab_schedule.moc"
