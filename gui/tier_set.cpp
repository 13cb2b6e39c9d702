#include "tier_set.h"

#include "tier_settings_store.h"

using namespace sandbench;

TierSet::TierSet(BackendRegistry registry, QObject* parent)
    : QObject(parent)
    , m_registry(std::move(registry)) {
    for (const TierInfo& tier : m_registry.tiers()) {
        m_settings[tier.name] = savedTierSettings(tier);
        m_backends[tier.name] = std::shared_ptr<Backend>(m_registry.create(tier.name, m_settings[tier.name]));
        m_reprobes[tier.name] = std::make_unique<JobTracker>(this);
    }
}

std::shared_ptr<Backend> TierSet::backend(const std::string& name) const {
    const auto found = m_backends.find(name);
    return found == m_backends.end() ? nullptr : found->second;
}

TierSettings TierSet::settings(const std::string& name) const {
    const auto found = m_settings.find(name);
    return found == m_settings.end() ? TierSettings{} : found->second;
}

void TierSet::probeAll() {
    m_firstProbe.start([this, backends = m_backends, names = m_registry.names()](const JobTracker::Job& job) {
        ProbeResults results;
        for (const auto& name : names)
            results.emplace_back(name, backends.at(name)->probe());
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
    std::shared_ptr<Backend>& current = m_backends.at(name);
    if (current->applyInPlace(settings)) {
        reprobe(name, nullptr);
        return;
    }
    std::shared_ptr<Backend> retired =
        std::exchange(current, std::shared_ptr<Backend>(m_registry.create(name, settings)));
    Q_EMIT tierReplaced(QString::fromStdString(name));
    reprobe(name, std::move(retired));
}

void TierSet::reprobe(const std::string& name, std::shared_ptr<Backend> retired) {
    Q_EMIT reprobeStarted(QString::fromStdString(name));
    m_reprobes.at(name)->start([this, name, backend = m_backends.at(name),
                                retired = std::move(retired)](const JobTracker::Job& job) mutable {
        const ProbeResult result = backend->probe();
        job.post([this, name, result] {
            for (auto& [tier, answer] : m_probeResults) {
                if (tier == name)
                    answer = result;
            }
            Q_EMIT tierReprobed(QString::fromStdString(name), result);
        });
        // A retired tier removes the containers or VMs it started, which can take seconds: never on the GUI
        // thread, and before the tracker collects this thread there.
        backend.reset();
        retired.reset();
    });
}
