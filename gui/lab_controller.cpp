#include "lab_controller.h"

#include "core/attack_harness.h"

#include <atomic>
#include <exception>

using namespace sandbench;

LabController::LabController(QObject* parent)
    : QObject(parent) {
    qRegisterMetaType<AttackOutcome>();
    qRegisterMetaType<LatencyReport>();
}

void LabController::stop() {
    m_runs.stop();
}

quint64 LabController::start(const std::vector<NamedTier>& tiers, std::vector<Attack> suite,
                             const LabOptions& options, const LabSchedule& schedule) {
    // Before anything stops or starts: a harness that cannot be set up leaves the current run alone.
    auto harness = std::make_shared<const AttackHarness>();
    auto sharedSuite = std::make_shared<const std::vector<Attack>>(std::move(suite));
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    const int total = static_cast<int>(sharedSuite->size());
    // One job that waits for the scheduler, whose own workers run the tiers; the tiers stay alive with it.
    const auto work = [this, tiers, harness, sharedSuite, options, schedule, total,
                       cancelled](const JobTracker::Job& run) {
        const quint64 id = run.id();
        std::vector<Tier*> labTiers;
        for (const auto& [name, tier] : tiers) {
            labTiers.push_back(tier.get());
            run.post([=, this, name = name] { Q_EMIT tierProgressed(id, name, 0, total); });
        }
        std::vector<int> done(tiers.size(), 0); // touched under the scheduler's progress lock only
        const ScheduledLab lab =
            runLabSchedule(labTiers, *sharedSuite, *harness, options, schedule, run.stopToken(),
                           [&](std::size_t tier, const LabProgress& progress) {
                               if (!progress.finished)
                                   return;
                               const int finished = ++done[tier];
                               run.post([=, this, name = tiers[tier].first, outcome = *progress.finished] {
                                   Q_EMIT attackFinished(id, name, outcome);
                                   Q_EMIT tierProgressed(id, name, finished, total);
                               });
                           });
        for (std::size_t index = 0; index < lab.tiers.size(); ++index) {
            if (lab.tiers[index].failure.empty())
                continue;
            run.post([=, this, name = tiers[index].first,
                      message = QString::fromStdString(lab.tiers[index].failure)] {
                Q_EMIT tierFailed(id, name, message);
            });
        }
        if (lab.cancelled)
            *cancelled = true;
        run.post([=, this, seconds = lab.wallSeconds] { Q_EMIT labTimed(id, seconds); });
    };
    return m_runs.start(
        work, [this, cancelled](quint64 id, bool stopped) { Q_EMIT labFinished(id, stopped || *cancelled); });
}

quint64 LabController::startBench(const std::vector<NamedTier>& tiers, int runs) {
    BenchOptions options;
    options.runs = runs;
    return startBench(tiers, options);
}

quint64 LabController::startBench(const std::vector<NamedTier>& tiers, const BenchOptions& options) {
    return startBench(tiers, options, {options.workload});
}

int LabController::benchRunsInAll(const Tier& tier, int runs, std::size_t workloads) {
    return runs * static_cast<int>(workloads) * (tier.hasWarmPool() ? 2 : 1);
}

quint64 LabController::startBench(const std::vector<NamedTier>& tiers, const BenchOptions& options,
                                  const std::vector<Workload>& workloads) {
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    const auto work = [this, tiers, options, workloads, cancelled](const JobTracker::Job& run) {
        const quint64 id = run.id();
        for (const auto& [name, tier] : tiers) {
            const int poolSize = tier->warmPoolSize();
            const int total = benchRunsInAll(*tier, options.runs, workloads.size());
            int doneBefore = 0;
            for (const Workload& workload : workloads) {
                for (const bool warm : {false, true}) {
                    if (warm && !tier->hasWarmPool())
                        continue;
                    if (run.stopToken().stop_requested()) {
                        *cancelled = true;
                        break;
                    }
                    BenchOptions modeOptions = options;
                    modeOptions.workload = workload;
                    modeOptions.warm = warm;
                    // Cold rows with the pool off, so no run can come from it; warm ones with at least one.
                    if (tier->hasWarmPool())
                        tier->setWarmPoolSize(warm ? std::max(1, poolSize) : 0);
                    try {
                        const std::optional<LatencyReport> report =
                            runLatencyBench(*tier, modeOptions, run.stopToken(), [&, name](int done, int) {
                                run.post([=, this, done = doneBefore + done] {
                                    Q_EMIT tierProgressed(id, name, done, total);
                                });
                            });
                        if (!report) {
                            *cancelled = true;
                            break;
                        }
                        run.post([=, this, report = *report] { Q_EMIT benchFinished(id, name, report); });
                    } catch (const std::exception& error) {
                        run.post([=, this, message = QString::fromStdString(error.what())] {
                            Q_EMIT tierFailed(id, name, message);
                        });
                    }
                    doneBefore += options.runs;
                }
                if (*cancelled)
                    break;
            }
            if (tier->hasWarmPool())
                tier->setWarmPoolSize(poolSize);
            if (*cancelled)
                break;
        }
    };
    return m_runs.start(work, [this, cancelled](quint64 id, bool stopped) {
        Q_EMIT benchCompleted(id, stopped || *cancelled);
    });
}
