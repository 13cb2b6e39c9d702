#include "lab_controller.h"

#include "core/attack_harness.h"

#include <QMetaObject>
#include <QPointer>
#include <algorithm>
#include <exception>

using namespace sandbench;

namespace {

// Runs `call` on the controller's (GUI) thread, unless the controller is gone by then.
template <typename Call> void post(const QPointer<QObject>& self, Call call) {
    QMetaObject::invokeMethod(
        self.data(),
        [self, call = std::move(call)] {
            if (self)
                call();
        },
        Qt::QueuedConnection);
}

} // namespace

LabController::LabController(QObject* parent)
    : QObject(parent) {
    qRegisterMetaType<AttackOutcome>();
    qRegisterMetaType<LatencyReport>();
}

LabController::~LabController() {
    for (auto& run : m_runs)
        run->stop.request_stop();
    for (auto& run : m_runs) {
        for (auto& worker : run->workers) {
            if (worker.joinable())
                worker.join();
        }
    }
}

void LabController::stop() {
    for (auto& run : m_runs)
        run->stop.request_stop();
}

quint64 LabController::beginRun(bool bench) {
    stop();
    auto run = std::make_unique<Run>();
    run->id = m_nextRun++;
    run->bench = bench;
    m_currentRun = run->id;
    m_running = run->id;
    m_runs.push_back(std::move(run));
    return m_currentRun;
}

quint64 LabController::start(const std::vector<Tier>& tiers, std::vector<Attack> suite,
                             const LabOptions& options) {
    // Before anything stops or starts: a harness that cannot be set up leaves the current run alone.
    auto harness = std::make_shared<const AttackHarness>();
    auto sharedSuite = std::make_shared<const std::vector<Attack>>(std::move(suite));
    const quint64 id = beginRun(false);
    Run& run = *m_runs.back();
    QPointer<QObject> self(this);
    auto* controller = this;
    const int total = static_cast<int>(sharedSuite->size());
    run.remaining = std::max<int>(1, static_cast<int>(tiers.size()));
    for (const auto& [tierName, backend] : tiers) {
        run.workers.emplace_back([self, controller, id, tier = tierName, backend, harness, sharedSuite,
                                  options, total, token = run.stop.get_token()] {
            bool cancelled = false;
            post(self, [=] {
                if (controller->isCurrent(id))
                    Q_EMIT controller->tierProgressed(id, tier, 0, total);
            });
            try {
                const LabReport report = runAttackLab(
                    *backend, *sharedSuite, *harness, options, token, [&](const LabProgress& progress) {
                        if (!progress.finished)
                            return;
                        const int done = static_cast<int>(progress.index) + 1;
                        post(self, [=, outcome = *progress.finished] {
                            if (!controller->isCurrent(id))
                                return; // stale: the user has started something else
                            Q_EMIT controller->attackFinished(id, tier, outcome);
                            Q_EMIT controller->tierProgressed(id, tier, done, total);
                        });
                    });
                cancelled = report.cancelled;
            } catch (const std::exception& error) {
                post(self, [=, message = QString::fromStdString(error.what())] {
                    if (controller->isCurrent(id))
                        Q_EMIT controller->tierFailed(id, tier, message);
                });
            }
            post(self, [=] { controller->endWorker(id, cancelled); });
        });
    }
    if (tiers.empty()) // finished at once, but still through the event loop, as any other run
        post(self, [=] { controller->endWorker(id, false); });
    return id;
}

quint64 LabController::startBench(const std::vector<Tier>& tiers, int runs) {
    BenchOptions options;
    options.runs = runs;
    return startBench(tiers, options);
}

quint64 LabController::startBench(const std::vector<Tier>& tiers, const BenchOptions& options) {
    const quint64 id = beginRun(true);
    Run& run = *m_runs.back();
    QPointer<QObject> self(this);
    auto* controller = this;
    run.remaining = 1;
    run.workers.emplace_back([self, controller, id, tiers, options, token = run.stop.get_token()] {
        bool cancelled = false;
        for (const auto& [tier, backend] : tiers) {
            if (token.stop_requested()) {
                cancelled = true;
                break;
            }
            try {
                const std::optional<LatencyReport> report =
                    runLatencyBench(*backend, options, token, [&, tier = tier](int done, int total) {
                        post(self, [=] {
                            if (controller->isCurrent(id))
                                Q_EMIT controller->tierProgressed(id, tier, done, total);
                        });
                    });
                if (!report) {
                    cancelled = true;
                    break;
                }
                post(self, [=, tier = tier, report = *report] {
                    if (controller->isCurrent(id))
                        Q_EMIT controller->benchFinished(id, tier, report);
                });
            } catch (const std::exception& error) {
                post(self, [=, tier = tier, message = QString::fromStdString(error.what())] {
                    if (controller->isCurrent(id))
                        Q_EMIT controller->tierFailed(id, tier, message);
                });
            }
        }
        post(self, [=] { controller->endWorker(id, cancelled); });
    });
    return id;
}

void LabController::endWorker(quint64 id, bool cancelled) {
    for (auto it = m_runs.begin(); it != m_runs.end(); ++it) {
        Run& run = **it;
        if (run.id != id)
            continue;
        run.cancelled = run.cancelled || cancelled || run.stop.stop_requested();
        if (--run.remaining > 0)
            return;
        // Every worker has posted its last message: joining only collects the threads.
        for (auto& worker : run.workers) {
            if (worker.joinable())
                worker.join();
        }
        const bool bench = run.bench;
        const bool wasCancelled = run.cancelled;
        m_runs.erase(it);
        if (m_running == id)
            m_running = 0;
        if (isCurrent(id)) {
            if (bench)
                Q_EMIT benchCompleted(id, wasCancelled);
            else
                Q_EMIT labFinished(id, wasCancelled);
        }
        return;
    }
}
