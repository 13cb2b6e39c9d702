#pragma once

#include "core/tier.h"
#include "core/tier_info.h"

#include <QWidget>
#include <map>
#include <optional>
#include <vector>

class QComboBox;
class QPushButton;
class QDoubleSpinBox;
class InputFilesList;
class NetworkPolicyEditor;
class ProbeNotesView;
class QLabel;
class QSpinBox;
class QStandardItem;
class QStandardItemModel;
class TierSettingsGroup;

// The Tier & policy pane: which tier runs the code, and the policy the workbench sets before it runs
// (never the agent), and each tier's own settings in a group built from its TierInfo. Tiers the host cannot
// use are listed greyed, with how to fix it as their tooltip.
class RunPanel : public QWidget {
    Q_OBJECT

public:
    // `tiers` in registry order; `defaultTier` is chosen when nothing else is (TierRegistry::defaultName).
    explicit RunPanel(const std::vector<sandbench::TierInfo>& tiers, const std::string& defaultTier,
                      QWidget* parent = nullptr);

    // One row per probed tier, in registry order.
    void setTiers(const std::vector<std::pair<std::string, sandbench::ProbeResult>>& tiers);
    QString currentTier() const;
    void setCurrentTier(const QString& name);
    // What the pane shows under the tier selector for `name`: its probe's notes, or why it cannot run.
    QString tierNotes(const QString& name) const;
    // The raw tool output behind those notes (ProbeResult::details), shown only after a click on Details.
    QString tierDetails(const QString& name) const;
    ProbeNotesView* tierNotesView() const { return m_tierNotes; }

    // The policy the fields describe, or nothing (and the reason shown) when a value is invalid.
    std::optional<sandbench::Policy> policy();
    void setPolicy(const sandbench::Policy& policy);
    // The policy's input files (InputFilesList): files dropped on the agent chat and a task's data go here.
    InputFilesList* inputFiles() const { return m_inputs; }
    NetworkPolicyEditor* networkEditor() const { return m_network; }
    // The secrets' values typed in the pane, by name: for the run's request, never for the policy.
    std::map<std::string, std::string> secretValues() const;
    QString validationMessage() const;

    // Named presets: "strict", "default", "generous" set the limits; the network presets ("python-packages":
    // the package index's hosts) set the allow list alone and keep the limits.
    static std::vector<std::pair<QString, sandbench::Policy>> presets();
    static std::vector<std::pair<QString, QStringList>> networkPresets();
    void applyPreset(const QString& name);
    // Policies as JSON files; each returns an error text, empty on success. A bad file changes nothing.
    QString savePolicyFile(const QString& path);
    QString loadPolicyFile(const QString& path);

    // What the tier's settings group holds (TierSettingsGroup::values); empty for a tier without one.
    sandbench::TierSettings tierSettings(const QString& name) const;
    // Shows `settings` in the tier's group (TierSettingsGroup::setValues); emits nothing.
    void setTierSettings(const QString& name, const sandbench::TierSettings& settings);
    // Every tier's group, disabled with `reason` as the tooltip while a run uses the tiers: their settings
    // change only when idle.
    void setTierSettingsEnabled(bool enabled, const QString& reason = QString());

Q_SIGNALS:
    void tierChanged(const QString& name);
    // The user changed a setting in the tier's group (a choice, a number, or a text when editing finished).
    void tierSettingsChanged(const QString& name);
    void policyChanged(); // any limit, the network or a secret changed

private:
    QComboBox* m_tier;
    QStandardItemModel* m_tiers;
    ProbeNotesView* m_tierNotes;
    QDoubleSpinBox* m_timeout;
    QSpinBox* m_memory;
    QDoubleSpinBox* m_cpus;
    QSpinBox* m_processes;
    QSpinBox* m_fileSize;
    QSpinBox* m_workdir;
    QSpinBox* m_outputCap;
    NetworkPolicyEditor* m_network;
    InputFilesList* m_inputs;
    // The last policy set (a preset, a file): what the pane has no field for (cpu_s, environment, the input
    // and artifact caps) is kept from it rather than reset to defaults.
    sandbench::Policy m_unshown;
    QLabel* m_validation;
    QComboBox* m_preset;
    std::vector<sandbench::TierInfo> m_tierInfo;
    std::string m_defaultTier;
    std::map<QString, TierSettingsGroup*> m_groups; // per tier with settings a form shows

    QString m_chosenTier; // the tier last chosen, kept while a probe's answer makes it unavailable

    // Each tier's own settings group is shown while that tier is chosen, and while it cannot run here.
    void updateTierGroups();
    void showProbe(QStandardItem* item, const sandbench::ProbeResult& probe); // a row as its probe answered
    bool selectTier(const QString& name); // false when `name` is not listed or cannot run here
    void showCurrentTier();               // its notes and the settings groups
};
