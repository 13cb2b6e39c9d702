#include "comparison_controller.h"

using namespace sandbench;

ComparisonController::ComparisonController(QObject* parent)
    : QObject(parent) {
    qRegisterMetaType<TierComparison>();
    qRegisterMetaType<agent::SessionReplay>();
    qRegisterMetaType<RunResult>();
}

quint64 ComparisonController::startComparison(Tiers tiers, RunRequest request) {
    auto comparison = std::make_shared<TierComparison>();
    const auto work = [this, comparison, tiers = std::move(tiers),
                       request = std::move(request)](const JobTracker::Job& job) {
        std::vector<Tier*> running;
        for (const auto& tier : tiers)
            running.push_back(tier.second.get());
        *comparison = compareOnTiers(request, running, job.stopToken(),
                                     [this, &job](std::size_t index, const ComparedRun& run) {
                                         job.post([this, id = job.id(), index, result = run.result] {
                                             Q_EMIT tierFinished(id, static_cast<int>(index), result);
                                         });
                                     });
    };
    return m_jobs.start(work,
                        [this, comparison](quint64 id, bool) { Q_EMIT comparisonFinished(id, *comparison); });
}

quint64 ComparisonController::startReplay(agent::Transcript transcript, std::shared_ptr<Tier> tier) {
    auto replay = std::make_shared<agent::SessionReplay>();
    const auto work = [this, replay, transcript = std::move(transcript),
                       tier = std::move(tier)](const JobTracker::Job& job) {
        const int total = static_cast<int>(transcript.runs.size());
        *replay = agent::replaySession(transcript, *tier, job.stopToken(),
                                       [this, &job, total](std::size_t index, const agent::ReplayedCall&) {
                                           job.post([this, id = job.id(), index, total] {
                                               Q_EMIT callReplayed(id, static_cast<int>(index), total);
                                           });
                                       });
    };
    return m_jobs.start(work, [this, replay](quint64 id, bool) { Q_EMIT replayFinished(id, *replay); });
}

void ComparisonController::stop() {
    m_jobs.stop();
}
