#pragma once

#include "core/backend.h"

#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QPushButton;
class QDoubleSpinBox;
class QLabel;
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

Q_SIGNALS:
    void tierChanged(const QString& name);

private:
    QComboBox* m_tier;
    QStandardItemModel* m_tiers;
    QLabel* m_tierNotes;
    QDoubleSpinBox* m_timeout;
    QSpinBox* m_memory;
    QSpinBox* m_processes;
    QSpinBox* m_fileSize;
    QSpinBox* m_workdir;
    QSpinBox* m_outputCap;
    QCheckBox* m_network;
    QLabel* m_validation;
    QComboBox* m_preset;
};
