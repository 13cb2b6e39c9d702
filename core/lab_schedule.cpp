#include "lab_schedule.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

namespace sandbench {

int defaultLabOverlap() {
    const unsigned cores = std::thread::hardware_concurrency();
    return std::clamp(static_cast<int>(cores), 2, 4);
}

namespace {

// Sizes a tier's warm pool for the lab and gives it back its own size when the lab is over, whatever way
// it ends: a pool the lab grew must not keep sandboxes idle after it.
class LabWarmPool {
public:
    LabWarmPool(Tier& tier, const LabSchedule& schedule)
        : m_tier(tier)
        , m_own(tier.hasWarmPool() ? tier.warmPoolSize() : 0) {
        if (!tier.hasWarmPool())
            return;
        const int wanted = schedule.warm ? std::max(m_own, std::max(1, schedule.overlap)) : 0;
        if (wanted != m_own) {
            m_tier.setWarmPoolSize(wanted);
            m_changed = true;
        }
    }
    ~LabWarmPool() {
        if (m_changed)
            m_tier.setWarmPoolSize(m_own);
    }
    LabWarmPool(const LabWarmPool&) = delete;
    LabWarmPool& operator=(const LabWarmPool&) = delete;

private:
    Tier& m_tier;
    int m_own = 0;
    bool m_changed = false;
};

} // namespace

ScheduledLab runLabSchedule(const std::vector<Tier*>& tiers, const std::vector<Attack>& suite,
                            const AttackHarness& harness, const LabOptions& options,
                            const LabSchedule& schedule, std::stop_token stop,
                            const ScheduleProgressCallback& progress) {
    using Clock = std::chrono::steady_clock;
    ScheduledLab lab;
    lab.tiers.resize(tiers.size());
    LabOptions tierOptions = options;
    tierOptions.overlap = std::max(1, schedule.overlap);
    if (tiers.size() > 1)
        tierOptions.machine = std::make_shared<MachineGate>();
    std::mutex progressMutex;
    const auto started = Clock::now();
    {
        std::vector<std::jthread> workers;
        for (std::size_t index = 0; index < tiers.size(); ++index) {
            workers.emplace_back([&, index] {
                Tier& tier = *tiers[index];
                TierLabResult& result = lab.tiers[index];
                try {
                    const LabWarmPool pool(tier, schedule);
                    result.report =
                        runAttackLab(tier, suite, harness, tierOptions, stop, [&](const LabProgress& step) {
                            if (!progress)
                                return;
                            const std::lock_guard lock(progressMutex);
                            progress(index, step);
                        });
                } catch (const std::exception& error) {
                    result.failure = error.what();
                }
            });
        }
    } // every worker joined
    lab.wallSeconds = std::chrono::duration<double>(Clock::now() - started).count();
    for (const TierLabResult& result : lab.tiers)
        lab.cancelled = lab.cancelled || result.report.cancelled;
    return lab;
}

} // namespace sandbench
