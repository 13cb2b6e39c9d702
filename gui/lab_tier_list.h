#pragma once

#include "core/tier.h"

#include <QGroupBox>
#include <QMap>
#include <QStringList>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class QCheckBox;

// The Attack Lab's tiers: a checkbox per tier, labelled and ticked from its TierInfo alone. Until the
// probes answer every box is disabled; then the tiers that can run here are enabled and ticked, except the
// control (it isolates nothing) and a billed tier (a suite there is one paid sandbox per attack), which are
// the user's to tick. Each box's tooltip is its probe's notes, or why the tier cannot run here.
class LabTierList : public QGroupBox {
    Q_OBJECT

public:
    using Tiers = std::vector<std::pair<std::string, std::shared_ptr<sandbench::Tier>>>;
    using ProbeResults = std::vector<std::pair<std::string, sandbench::ProbeResult>>;

    explicit LabTierList(Tiers tiers, QWidget* parent = nullptr);

    void setProbeResults(const ProbeResults& results);
    // Puts a recreated tier in place of the old one, its box disabled until setProbeResults() answers.
    void replaceTier(const std::string& name, std::shared_ptr<sandbench::Tier> tier);
    bool probed() const { return m_probed; }

    QStringList checkedTiers() const; // enabled and ticked, in list order
    // The tiers ticked once they can run; every other one is unticked. Before the probes answer (or while a
    // tier is checked again) the choice waits and is applied when the tier can run.
    void setCheckedTiers(const QStringList& tiers);
    // What the user ticked (or setCheckedTiers() chose), whether or not each can run now: to remember.
    QStringList wantedTiers() const;
    // The checked tiers with their Tier objects, in list order.
    std::vector<std::pair<QString, std::shared_ptr<sandbench::Tier>>> chosenTiers() const;
    // The named tier's object; nullptr for a name not listed.
    std::shared_ptr<sandbench::Tier> tier(const QString& name) const;
    // The notes of the tier's last probe that could run it, for the report.
    QStringList probeNotes(const QString& name) const { return m_probeNotes.value(name); }
    QString probeDetails(const QString& name) const { return m_probeDetails.value(name); } // the same, raw

Q_SIGNALS:
    void checkedTiersChanged();

private:
    Tiers m_tiers;
    QMap<QString, QCheckBox*> m_checks;
    QMap<QString, QStringList> m_probeNotes;
    QMap<QString, QString> m_probeDetails;
    QMap<QString, bool> m_wanted; // a tier absent here gets its default tick (LabTierList's comment)
    bool m_probed = false;
};
