#pragma once

#include "core/agent/session_replay.h"
#include "core/tier_comparison.h"
#include "job_tracker.h"
#include "run_controller.h" // the RunResult metatype

#include <QObject>
#include <QString>
#include <memory>
#include <utility>
#include <vector>

Q_DECLARE_METATYPE(sandbench::TierComparison)
Q_DECLARE_METATYPE(sandbench::agent::SessionReplay)

// Runs a comparison (one program on several tiers at once, core/tier_comparison.h) or a replay of an agent
// session on a tier (core/agent/session_replay.h) on a worker thread, and delivers its results on the GUI
// thread as value types. One job at a time: starting another, or stop(), cancels the one running, and what
// a replaced job still reports is dropped (JobTracker). Stop cancels every tier of a comparison at once.
class ComparisonController : public QObject {
    Q_OBJECT

public:
    using Tiers = std::vector<std::pair<QString, std::shared_ptr<sandbench::Tier>>>;

    explicit ComparisonController(QObject* parent = nullptr);

    quint64 startComparison(Tiers tiers, sandbench::RunRequest request);
    quint64 startReplay(sandbench::agent::Transcript transcript, std::shared_ptr<sandbench::Tier> tier);
    void stop();
    bool isRunning() const { return m_jobs.isRunning(); }

Q_SIGNALS:
    void tierFinished(quint64 job, int index, const sandbench::RunResult& result);
    void comparisonFinished(quint64 job, const sandbench::TierComparison& comparison);
    void callReplayed(quint64 job, int index, int total);
    void replayFinished(quint64 job, const sandbench::agent::SessionReplay& replay);

private:
    JobTracker m_jobs{this};
};
