#pragma once

#include "core/attack_lab.h"
#include "core/backend.h"
#include "core/latency_bench.h"

#include <QObject>
#include <QString>
#include <memory>
#include <stop_token>
#include <thread>
#include <utility>
#include <vector>

Q_DECLARE_METATYPE(sandbench::AttackOutcome)
Q_DECLARE_METATYPE(sandbench::LatencyReport)

// Runs the attack suite on several tiers at once, one worker thread per tier, each through runAttackLab
// with the tier's own backend and one shared AttackHarness (its methods are const and its listener counts
// atomically, so workers may share it); and runs the latency bench. Results reach the GUI thread through
// queued calls, as value types. Every lab or bench run gets an id; a new run supersedes the current one,
// and whatever a superseded run still delivers is dropped, never applied (hotspot's JobTracker).
//
// The bench runs its tiers one after another on a single worker: benches running side by side on a
// two-core machine would measure each other, not the tiers.
class LabController : public QObject {
    Q_OBJECT

public:
    using Tier = std::pair<QString, std::shared_ptr<sandbench::Backend>>;

    explicit LabController(QObject* parent = nullptr);
    ~LabController() override; // stops every run and joins its workers: no job outlives the controller

    // Starts a lab run on `tiers`, stopping any current run. Returns its id. Throws sandbench::HarnessError
    // when the harness's targets cannot be set up; nothing starts then.
    quint64 start(const std::vector<Tier>& tiers, std::vector<sandbench::Attack> suite,
                  const sandbench::LabOptions& options);
    // Starts a latency bench of `tiers` in turn, stopping any current run. Returns its id.
    quint64 startBench(const std::vector<Tier>& tiers, const sandbench::BenchOptions& options);
    quint64 startBench(const std::vector<Tier>& tiers, int runs);
    // Cancels every worker of every run at once; the current run's labFinished / benchCompleted still
    // arrives, with cancelled set.
    void stop();

    bool isRunning() const { return m_running != 0; }
    quint64 currentRun() const { return m_currentRun; }

Q_SIGNALS:
    void attackFinished(quint64 labRun, const QString& tier, const sandbench::AttackOutcome& outcome);
    // Attacks (for a lab) or timed runs (for a bench) done on one tier.
    void tierProgressed(quint64 run, const QString& tier, int done, int total);
    // The tier could not take part (a bench that cannot run print(1), an unexpected engine error).
    void tierFailed(quint64 run, const QString& tier, const QString& message);
    void labFinished(quint64 labRun, bool cancelled);
    void benchFinished(quint64 benchRun, const QString& tier, const sandbench::LatencyReport& report);
    void benchCompleted(quint64 benchRun, bool cancelled); // every tier of the bench is done

private:
    struct Run {
        quint64 id = 0;
        bool bench = false;
        std::stop_source stop;
        std::vector<std::thread> workers;
        int remaining = 0; // workers that have not reported their end yet
        bool cancelled = false;
    };

    quint64 beginRun(bool bench);
    void endWorker(quint64 run, bool cancelled);
    bool isCurrent(quint64 run) const { return run == m_currentRun; }

    std::vector<std::unique_ptr<Run>> m_runs; // the current one last; older ones are finishing
    quint64 m_currentRun = 0;
    quint64 m_nextRun = 1;
    quint64 m_running = 0; // the id of the run still going, 0 when none
};
