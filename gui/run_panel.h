#pragma once

#include "backends/container/container_settings.h"
#include "backends/e2b/e2b_settings.h"
#include "backends/microvm/microvm_settings.h"
#include "core/backend.h"

#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QPushButton;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QStandardItemModel;

// The Backend & policy pane: which tier runs the code, and the policy the workbench sets before it runs
// (never the agent). Tiers the host cannot use are listed greyed, with how to fix it as their tooltip.
class RunPanel : public QWidget {
    Q_OBJECT

public:
    explicit RunPanel(QWidget* parent = nullptr);

    // One row per registered tier, in registry order.
    void setTiers(const std::vector<std::pair<std::string, sandbench::ProbeResult>>& tiers);
    QString currentTier() const;
    void setCurrentTier(const QString& name);
    // What the pane shows under the tier selector for `name`: its probe's notes, or why it cannot run.
    QString tierNotes(const QString& name) const;

    // The policy the fields describe, or nothing (and the reason shown) when a value is invalid.
    std::optional<sandbench::Policy> policy();
    void setPolicy(const sandbench::Policy& policy);
    QString validationMessage() const;

    // Named presets: "strict", "default", "generous".
    static std::vector<std::pair<QString, sandbench::Policy>> presets();
    void applyPreset(const QString& name);
    // Policies as JSON files; each returns an error text, empty on success. A bad file changes nothing.
    QString savePolicyFile(const QString& path);
    QString loadPolicyFile(const QString& path);

    // The container tier's engine, image and warm pool as the "Container tier" group shows them. An empty
    // image field means the default image. setContainerSettings() does not emit containerSettingsChanged.
    sandbench::ContainerSettings containerSettings() const;
    void setContainerSettings(const sandbench::ContainerSettings& settings);
    // Disabled while a run uses the tier, with `reason` as the tooltip: its settings change only when idle.
    void setContainerSettingsEnabled(bool enabled, const QString& reason = QString());

    // The microVM tier's accelerator and warm pool as the "MicroVM tier" group shows them; the QEMU binary
    // and guest folder are kept from the last setMicrovmSettings() (the environment's, the pane has no
    // field for them). setMicrovmSettings() does not emit microvmSettingsChanged.
    sandbench::MicrovmSettings microvmSettings() const;
    void setMicrovmSettings(const sandbench::MicrovmSettings& settings);
    void setMicrovmSettingsEnabled(bool enabled, const QString& reason = QString());

    // The E2B tier's settings: `base` (the environment's) with the group's API key and template where they
    // are filled in. The key field is never saved; setE2bSettings() shows `base`'s template and leaves the
    // key field empty. Neither emits e2bSettingsChanged.
    sandbench::E2bSettings e2bSettings() const;
    void setE2bSettings(const sandbench::E2bSettings& base, const QString& savedTemplate);
    void setE2bSettingsEnabled(bool enabled, const QString& reason = QString());

Q_SIGNALS:
    void tierChanged(const QString& name);
    // The user changed the engine, the image (when editing finished) or the warm pool size.
    void containerSettingsChanged();
    // The user changed the microVM tier's accelerator or warm pool size.
    void microvmSettingsChanged();
    // The user finished editing the E2B tier's API key or template.
    void e2bSettingsChanged();

private:
    QComboBox* m_tier;
    QStandardItemModel* m_tiers;
    QLabel* m_tierNotes;
    QDoubleSpinBox* m_timeout;
    QSpinBox* m_memory;
    QDoubleSpinBox* m_cpus;
    QSpinBox* m_processes;
    QSpinBox* m_fileSize;
    QSpinBox* m_workdir;
    QSpinBox* m_outputCap;
    QCheckBox* m_network;
    QLabel* m_validation;
    QComboBox* m_preset;
    QGroupBox* m_container;
    QComboBox* m_engine;
    QLineEdit* m_image;
    QSpinBox* m_warmPool;
    QGroupBox* m_microvm;
    QComboBox* m_accelerator;
    QSpinBox* m_vmWarmPool;
    sandbench::MicrovmSettings m_microvmBase; // what the group has no field for
    QGroupBox* m_e2b;
    QLineEdit* m_e2bKey;
    QLineEdit* m_e2bTemplate;
    sandbench::E2bSettings m_e2bBase;

    // Each tier's own settings group is shown while that tier is chosen, and while it cannot run here.
    void updateTierGroups();
};
