#include "tier_set.h"

#include "tier_settings_store.h"

using namespace sandbench;

TierSet::TierSet(TierRegistry registry, QObject* parent)
    : QObject(parent)
    , m_registry(std::move(registry)) {
    for (const TierInfo& tier : m_registry.tiers()) {
        m_settings[tier.name] = savedTierSettings(tier);
        m_tiers[tier.name] = std::shared_ptr<Tier>(m_registry.create(tier.name, m_settings[tier.name]));
        m_reprobes[tier.name] = std::make_unique<JobTracker>(this);
    }
}

std::shared_ptr<Tier> TierSet::tier(const std::string& name) const {
    const auto found = m_tiers.find(name);
    return found == m_tiers.end() ? nullptr : found->second;
}

TierSettings TierSet::settings(const std::string& name) const {
    const auto found = m_settings.find(name);
    return found == m_settings.end() ? TierSettings{} : found->second;
}

void TierSet::probeAll() {
    m_firstProbe.start([this, tiers = m_tiers, names = m_registry.names()](const JobTracker::Job& job) {
        ProbeResults results;
        for (const auto& name : names)
            results.emplace_back(name, tiers.at(name)->probe());
        job.post([this, results] {
            m_probeResults = results;
            m_probed = true;
            Q_EMIT allProbed();
        });
    });
}

void TierSet::apply(const std::string& name, const TierSettings& settings) {
    const TierInfo* tier = m_registry.info(name);
    if (!tier || settings == m_settings[name])
        return;
    m_settings[name] = settings;
    saveTierSettings(*tier, settings);
    std::shared_ptr<Tier>& current = m_tiers.at(name);
    if (current->applyInPlace(settings)) {
        reprobe(name, nullptr);
        return;
    }
    std::shared_ptr<Tier> retired =
        std::exchange(current, std::shared_ptr<Tier>(m_registry.create(name, settings)));
    Q_EMIT tierReplaced(QString::fromStdString(name));
    reprobe(name, std::move(retired));
}

void TierSet::reprobe(const std::string& name, std::shared_ptr<Tier> retired) {
    Q_EMIT reprobeStarted(QString::fromStdString(name));
    m_reprobes.at(name)->start([this, name, tier = m_tiers.at(name),
                                retired = std::move(retired)](const JobTracker::Job& job) mutable {
        const ProbeResult result = tier->probe();
        job.post([this, name, result] {
            for (auto& [tierName, answer] : m_probeResults) {
                if (tierName == name)
                    answer = result;
            }
            Q_EMIT tierReprobed(QString::fromStdString(name), result);
        });
        // A retired tier removes the containers or VMs it started, which can take seconds: never on the GUI
        // thread, and before the tracker collects this thread there.
        tier.reset();
        retired.reset();
    });
}
