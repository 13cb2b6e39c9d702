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

quint64 LabController::start(const std::vector<Tier>& tiers, std::vector<Attack> suite,
                             const LabOptions& options) {
    // Before anything stops or starts: a harness that cannot be set up leaves the current run alone.
    auto harness = std::make_shared<const AttackHarness>();
    auto sharedSuite = std::make_shared<const std::vector<Attack>>(std::move(suite));
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    const int total = static_cast<int>(sharedSuite->size());
    std::vector<JobTracker::Work> workers;
    for (const auto& [tierName, backend] : tiers) {
        workers.push_back([this, tier = tierName, backend, harness, sharedSuite, options, total,
                           cancelled](const JobTracker::Job& run) {
            const quint64 id = run.id();
            run.post([=, this] { Q_EMIT tierProgressed(id, tier, 0, total); });
            try {
                const LabReport report = runAttackLab(*backend, *sharedSuite, *harness, options,
                                                      run.stopToken(), [&](const LabProgress& progress) {
                                                          if (!progress.finished)
                                                              return;
                                                          const int done =
                                                              static_cast<int>(progress.index) + 1;
                                                          run.post([=, this, outcome = *progress.finished] {
                                                              Q_EMIT attackFinished(id, tier, outcome);
                                                              Q_EMIT tierProgressed(id, tier, done, total);
                                                          });
                                                      });
                if (report.cancelled)
                    *cancelled = true;
            } catch (const std::exception& error) {
                run.post([=, this, message = QString::fromStdString(error.what())] {
                    Q_EMIT tierFailed(id, tier, message);
                });
            }
        });
    }
    return m_runs.start(std::move(workers), [this, cancelled](quint64 id, bool stopped) {
        Q_EMIT labFinished(id, stopped || *cancelled);
    });
}

quint64 LabController::startBench(const std::vector<Tier>& tiers, int runs) {
    BenchOptions options;
    options.runs = runs;
    return startBench(tiers, options);
}

quint64 LabController::startBench(const std::vector<Tier>& tiers, const BenchOptions& options) {
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    const auto work = [this, tiers, options, cancelled](const JobTracker::Job& run) {
        const quint64 id = run.id();
        for (const auto& [tier, backend] : tiers) {
            if (run.stopToken().stop_requested()) {
                *cancelled = true;
                break;
            }
            try {
                const std::optional<LatencyReport> report = runLatencyBench(
                    *backend, options, run.stopToken(), [&, tier = tier](int done, int total) {
                        run.post([=, this] { Q_EMIT tierProgressed(id, tier, done, total); });
                    });
                if (!report) {
                    *cancelled = true;
                    break;
                }
                run.post(
                    [=, this, tier = tier, report = *report] { Q_EMIT benchFinished(id, tier, report); });
            } catch (const std::exception& error) {
                run.post([=, this, tier = tier, message = QString::fromStdString(error.what())] {
                    Q_EMIT tierFailed(id, tier, message);
                });
            }
        }
    };
    return m_runs.start(work, [this, cancelled](quint64 id, bool stopped) {
        Q_EMIT benchCompleted(id, stopped || *cancelled);
    });
}
