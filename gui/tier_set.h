#pragma once

#include "core/tier_registry.h"
#include "job_tracker.h"

#include <QObject>
#include <QString>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

// The tiers the workbench uses: one Tier object per registered tier, created with the settings in effect (the
// saved ones, else the tier's defaults; secrets only as typed in this session), and probed off the GUI
// thread. New settings are taken in place when the tier can (a warm pool's size) or the tier is created
// anew; either way it is probed again, and of its probes only the latest is applied (a JobTracker per
// tier). Knows tiers only through their TierInfo.
class TierSet : public QObject {
    Q_OBJECT

public:
    using ProbeResults = std::vector<std::pair<std::string, sandbench::ProbeResult>>;

    explicit TierSet(sandbench::TierRegistry registry, QObject* parent = nullptr);

    std::vector<sandbench::TierInfo> tiers() const { return m_registry.tiers(); } // in registry order
    std::string defaultTier() const { return m_registry.defaultName(); }
    // The named tier as runs use it; nullptr for an unknown name.
    std::shared_ptr<sandbench::Tier> tier(const std::string& name) const;
    // The settings `name` was last created or changed with; empty for an unknown name.
    sandbench::TierSettings settings(const std::string& name) const;
    // Every tier's latest answer, in registry order; empty until probeAll() has answered.
    const ProbeResults& probeResults() const { return m_probeResults; }
    bool probed() const { return m_probed; }

    // Probes every tier off the GUI thread, one after another (probes may start helper processes or talk to
    // a daemon, and a VM's may boot one); allProbed() follows.
    void probeAll();
    // Puts `settings` into effect for `name` and saves them (secrets excepted); nothing when they are the
    // ones in effect. Only between runs: the caller makes sure no run holds the tier. A run still holding a
    // replaced tier finishes on it undisturbed.
    void apply(const std::string& name, const sandbench::TierSettings& settings);

Q_SIGNALS:
    void allProbed();
    // A new tier stands for `name` (tier(name)); its probe follows.
    void tierReplaced(const QString& name);
    void reprobeStarted(const QString& name);
    // `name` answered probe() again, after its settings changed; probeResults() has the answer.
    void tierReprobed(const QString& name, const sandbench::ProbeResult& result);

private:
    // Probes `name` again off the GUI thread; `retired` (a replaced tier) is destroyed there too.
    void reprobe(const std::string& name, std::shared_ptr<sandbench::Tier> retired);

    sandbench::TierRegistry m_registry;
    std::map<std::string, sandbench::TierSettings> m_settings;
    std::map<std::string, std::shared_ptr<sandbench::Tier>> m_tiers;
    ProbeResults m_probeResults;
    bool m_probed = false;
    // Last, so they join their probes before the tiers go; a retired tier goes on its probe's thread.
    JobTracker m_firstProbe{this};
    std::map<std::string, std::unique_ptr<JobTracker>> m_reprobes; // per tier
};
