#pragma once

#include "core/attack_lab.h"
#include "core/lab_schedule.h"
#include "core/latency_bench.h"
#include "core/tier.h"
#include "job_tracker.h"

#include <QObject>
#include <QString>
#include <memory>
#include <utility>
#include <vector>

Q_DECLARE_METATYPE(sandbench::AttackOutcome)
Q_DECLARE_METATYPE(sandbench::LatencyReport)

// Runs the attack suite on several tiers at once through core's runLabSchedule (the CLI's scheduler: one
// worker thread per tier, each with its own Tier object, overlap within a tier, warm pools sized for the
// lab) and one shared AttackHarness (its methods are const and its listener counts atomically, so workers
// may share it); and runs the latency bench. Results reach the GUI thread through
// queued calls, as value types. Every lab or bench run gets an id; a new run supersedes the current one,
// and whatever a superseded run still delivers is dropped, never applied (a JobTracker).
//
// The bench runs its tiers one after another on a single worker: benches running side by side on a
// two-core machine would measure each other, not the tiers.
class LabController : public QObject {
    Q_OBJECT

public:
    using NamedTier = std::pair<QString, std::shared_ptr<sandbench::Tier>>;

    // The tracker stops every run and joins its workers when the controller goes: no job outlives it.
    explicit LabController(QObject* parent = nullptr);

    // Starts a lab run on `tiers`, stopping any current run. Returns its id. Throws sandbench::HarnessError
    // when the harness's targets cannot be set up; nothing starts then.
    quint64 start(const std::vector<NamedTier>& tiers, std::vector<sandbench::Attack> suite,
                  const sandbench::LabOptions& options, const sandbench::LabSchedule& schedule = {});
    // Starts a latency bench of `tiers` in turn, stopping any current run. Returns its id.
    quint64 startBench(const std::vector<NamedTier>& tiers, const sandbench::BenchOptions& options);
    quint64 startBench(const std::vector<NamedTier>& tiers, int runs);
    // Each tier in turn, each workload on it: a cold row (its warm pool off), and a warm row (from a pool of
    // at least one) where it has a pool; the pool's size is put back afterwards. One benchFinished each.
    quint64 startBench(const std::vector<NamedTier>& tiers, const sandbench::BenchOptions& options,
                       const std::vector<sandbench::Workload>& workloads);
    // How many timed runs such a bench makes on `tier`: what its progress counts to.
    static int benchRunsInAll(const sandbench::Tier& tier, int runs, std::size_t workloads);
    // Cancels every worker of every run at once; the current run's labFinished / benchCompleted still
    // arrives, with cancelled set.
    void stop();

    bool isRunning() const { return m_runs.isRunning(); }

Q_SIGNALS:
    void attackFinished(quint64 labRun, const QString& tier, const sandbench::AttackOutcome& outcome);
    // Attacks (for a lab) or timed runs (for a bench) done on one tier.
    void tierProgressed(quint64 run, const QString& tier, int done, int total);
    // The tier could not take part (a bench that cannot run print(1), an unexpected engine error).
    void tierFailed(quint64 run, const QString& tier, const QString& message);
    // The whole lab's wall time, every tier side by side; arrives just before labFinished.
    void labTimed(quint64 labRun, double wallSeconds);
    void labFinished(quint64 labRun, bool cancelled);
    void benchFinished(quint64 benchRun, const QString& tier, const sandbench::LatencyReport& report);
    void benchCompleted(quint64 benchRun, bool cancelled); // every tier of the bench is done

private:
    JobTracker m_runs{this};
};
