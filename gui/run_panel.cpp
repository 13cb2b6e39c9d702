#include "run_panel.h"

#include "engine_text.h"
#include "input_files_list.h"
#include "network_policy_editor.h"
#include "probe_notes_view.h"
#include "tier_settings_group.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <algorithm>
#include <nlohmann/json.hpp>

using namespace sandbench;

namespace {

QSpinBox* spinBox(int minimum, int maximum, const QString& suffix, const QString& tip, QWidget* parent) {
    auto* box = new QSpinBox(parent);
    box->setRange(minimum, maximum);
    box->setSuffix(suffix);
    box->setToolTip(tip);
    box->setStatusTip(tip);
    return box;
}

constexpr int kProbeRole = Qt::UserRole + 1;
constexpr int kAvailableRole = Qt::UserRole + 2;
constexpr int kDetailsRole = Qt::UserRole + 3;

} // namespace

RunPanel::RunPanel(const std::vector<TierInfo>& tiers, const std::string& defaultTier, QWidget* parent)
    : QWidget(parent)
    , m_tier(new QComboBox(this))
    , m_tiers(new QStandardItemModel(this))
    , m_tierNotes(new ProbeNotesView(this))
    , m_timeout(new QDoubleSpinBox(this))
    , m_memory(spinBox(0, 65536, tr(" MB"), tr("Memory the program may use"), this))
    , m_cpus(new QDoubleSpinBox(this))
    , m_processes(
          spinBox(0, 4096, QString(), tr("Processes the program may have at once, itself included"), this))
    , m_fileSize(spinBox(0, 65536, tr(" MB"), tr("Largest file the program may write"), this))
    , m_workdir(spinBox(0, 65536, tr(" MB"), tr("Total size of the private working folder"), this))
    , m_outputCap(spinBox(0, 1 << 30, tr(" bytes"), tr("Output kept per stream; the rest is dropped"), this))
    , m_network(new NetworkPolicyEditor(this))
    , m_inputs(new InputFilesList(this))
    , m_validation(new QLabel(this))
    , m_tierInfo(tiers)
    , m_defaultTier(defaultTier) {
    m_preset = new QComboBox(this);
    m_preset->addItem(tr("Choose a preset…"));
    for (const auto& [name, policy] : presets())
        m_preset->addItem(name, name);
    m_preset->insertSeparator(m_preset->count());
    m_preset->addItem(tr("Python packages (network only)"), QStringLiteral("python-packages"));
    m_preset->setItemData(m_preset->count() - 1,
                          tr("Lets the program reach the Python package index (pypi.org, "
                             "files.pythonhosted.org) through the proxy; the limits stay as they are"),
                          Qt::ToolTipRole);
    connect(m_preset, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            applyPreset(m_preset->itemData(index).toString());
        m_preset->setCurrentIndex(0);
    });
    auto* savePreset = new QPushButton(tr("Save…"), this);
    auto* loadPreset = new QPushButton(tr("Load…"), this);
    savePreset->setStatusTip(tr("Save this policy as a JSON file"));
    loadPreset->setStatusTip(tr("Load a policy from a JSON file"));
    connect(savePreset, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save policy"),
                                                          QStringLiteral("policy.json"), tr("JSON (*.json)"));
        if (!path.isEmpty())
            if (const QString error = savePolicyFile(path); !error.isEmpty())
                m_validation->setText(error);
    });
    connect(loadPreset, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Load policy"), QString(), tr("JSON (*.json)"));
        if (!path.isEmpty())
            loadPolicyFile(path);
    });
    auto* presetRow = new QHBoxLayout;
    presetRow->addWidget(m_preset, 1);
    presetRow->addWidget(savePreset);
    presetRow->addWidget(loadPreset);

    m_tier->setObjectName(QStringLiteral("tier"));
    m_tier->setModel(m_tiers);
    m_timeout->setRange(0, 3600);
    m_timeout->setDecimals(1);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setToolTip(tr("Wall-clock limit; the tier kills the program when it passes"));
    m_cpus->setObjectName(QStringLiteral("policy.cpus"));
    m_cpus->setRange(0.1, 64);
    m_cpus->setDecimals(2);
    m_cpus->setSingleStep(0.5);
    m_cpus->setToolTip(tr("CPU share the program may use (the container tier's CPU quota)"));
    m_cpus->setStatusTip(m_cpus->toolTip());
    m_validation->setWordWrap(true);
    m_validation->setStyleSheet(QStringLiteral("color: palette(link);"));

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Tier:"), m_tier);
    form->addRow(m_tierNotes);
    form->addRow(tr("Preset:"), presetRow);
    form->addRow(tr("T&imeout:"), m_timeout);
    form->addRow(tr("&Memory:"), m_memory);
    form->addRow(tr("&CPUs:"), m_cpus);
    form->addRow(tr("&Processes:"), m_processes);
    form->addRow(tr("&File size:"), m_fileSize);
    form->addRow(tr("&Working folder:"), m_workdir);
    form->addRow(tr("&Output cap:"), m_outputCap);
    form->addRow(tr("&Network:"), m_network);
    form->addRow(tr("&Input files:"), m_inputs);
    form->addRow(m_validation);
    // Each tier's own settings, as its TierInfo describes them.
    for (const TierInfo& tier : tiers) {
        auto* group = new TierSettingsGroup(tier, this);
        if (!group->hasFields()) {
            delete group;
            continue;
        }
        const QString name = group->tierName();
        connect(group, &TierSettingsGroup::edited, this, [this, name] { Q_EMIT tierSettingsChanged(name); });
        m_groups[name] = group;
        form->addRow(group);
    }

    // Only a choice (the user's, or setCurrentTier's) reaches here: setTiers() holds the selector's signals.
    connect(m_tier, &QComboBox::currentIndexChanged, this, [this] {
        m_chosenTier = currentTier();
        showCurrentTier();
        Q_EMIT tierChanged(currentTier());
    });
    // Picking the row already shown (the default, standing in for a tier that cannot run) is a choice too.
    connect(m_tier, &QComboBox::activated, this, [this] { m_chosenTier = currentTier(); });
    for (QDoubleSpinBox* box : {m_timeout, m_cpus})
        connect(box, &QDoubleSpinBox::valueChanged, this, &RunPanel::policyChanged);
    for (QSpinBox* box : {m_memory, m_processes, m_fileSize, m_workdir, m_outputCap})
        connect(box, &QSpinBox::valueChanged, this, &RunPanel::policyChanged);
    connect(m_network, &NetworkPolicyEditor::changed, this, &RunPanel::policyChanged);
    connect(m_inputs, &InputFilesList::changed, this, &RunPanel::policyChanged);
    setPolicy(Policy{});
    updateTierGroups();
}

// Rows are updated in place, with the selector's signals held: a probe's answer used to clear the list and
// refill it, so the choice passed through "no tier" and the first row (each announced as a tier change, each
// making the window re-apply settings) before it came back, and a tier that was briefly unavailable when an
// answer arrived stayed replaced by the default with its settings group gone. The user's choice is kept
// apart (m_chosenTier) and comes back as soon as its tier can run again.
void RunPanel::setTiers(const std::vector<std::pair<std::string, ProbeResult>>& tiers) {
    const QString previous = currentTier();
    {
        const QSignalBlocker blocker(m_tier);
        bool sameRows = m_tiers->rowCount() == static_cast<int>(tiers.size());
        for (int row = 0; sameRows && row < m_tiers->rowCount(); ++row)
            sameRows = m_tiers->item(row)->data(Qt::UserRole).toString() ==
                       QString::fromStdString(tiers[static_cast<std::size_t>(row)].first);
        if (!sameRows) {
            m_tiers->clear();
            for (const auto& [name, probe] : tiers) {
                auto* item = new QStandardItem;
                item->setData(QString::fromStdString(name), Qt::UserRole);
                m_tiers->appendRow(item);
            }
        }
        for (int row = 0; row < m_tiers->rowCount(); ++row)
            showProbe(m_tiers->item(row), tiers[static_cast<std::size_t>(row)].second);
        // The user's choice, else the default tier; a chosen tier that cannot run here now (a container image
        // that is not there) falls back to the default, not to whatever row came first: that is the control,
        // which isolates nothing.
        const QString fallback = QString::fromStdString(m_defaultTier);
        if (!selectTier(m_chosenTier.isEmpty() ? fallback : m_chosenTier))
            selectTier(fallback);
    }
    showCurrentTier(); // notes and groups, which the held signals did not refresh
    if (currentTier() != previous)
        Q_EMIT tierChanged(currentTier());
}

void RunPanel::showProbe(QStandardItem* item, const ProbeResult& probe) {
    const QString name = item->data(Qt::UserRole).toString();
    QString notes;
    for (const auto& note : probe.notes)
        notes += engineText(note) + QLatin1Char('\n');
    item->setText(name);
    item->setToolTip(QString());
    item->setFlags(item->flags() | Qt::ItemIsEnabled);
    if (!probe.available) {
        item->setFlags(item->flags() & ~Qt::ItemIsEnabled); // greyed: it cannot run here
        item->setText(tr("%1 (unavailable)").arg(name));
        item->setToolTip(engineText(probe.reason));
        notes = engineText(probe.reason);
    } else if (std::any_of(m_tierInfo.begin(), m_tierInfo.end(), [&](const TierInfo& tier) {
                   return QString::fromStdString(tier.name) == name && tier.control;
               })) {
        item->setText(tr("%1 (control, no isolation)").arg(name));
    }
    item->setData(notes.trimmed(), kProbeRole);
    item->setData(QString::fromStdString(probe.details), kDetailsRole);
    item->setData(probe.available, kAvailableRole);
}

bool RunPanel::selectTier(const QString& name) {
    for (int row = 0; row < m_tiers->rowCount(); ++row) {
        const QStandardItem* item = m_tiers->item(row);
        if (item->data(Qt::UserRole).toString() == name && (item->flags() & Qt::ItemIsEnabled)) {
            m_tier->setCurrentIndex(row);
            return true;
        }
    }
    return false;
}

void RunPanel::showCurrentTier() {
    const QStandardItem* item = m_tiers->item(m_tier->currentIndex());
    m_tierNotes->setProbe(item ? item->data(kProbeRole).toString() : QString(),
                          item ? item->data(kDetailsRole).toString() : QString());
    updateTierGroups();
}

QString RunPanel::currentTier() const {
    return m_tier->currentData(Qt::UserRole).toString();
}

void RunPanel::setCurrentTier(const QString& name) {
    if (selectTier(name))
        m_chosenTier = name; // also when it was shown already, standing in for a tier that could not run
}

QString RunPanel::tierNotes(const QString& name) const {
    for (int row = 0; row < m_tiers->rowCount(); ++row) {
        if (m_tiers->item(row)->data(Qt::UserRole).toString() == name)
            return m_tiers->item(row)->data(kProbeRole).toString();
    }
    return {};
}

QString RunPanel::tierDetails(const QString& name) const {
    for (int row = 0; row < m_tiers->rowCount(); ++row) {
        if (m_tiers->item(row)->data(Qt::UserRole).toString() == name)
            return m_tiers->item(row)->data(kDetailsRole).toString();
    }
    return {};
}

// A tier's group is shown while it is chosen, and while it cannot run here: a wrong engine, image or
// accelerator is exactly what keeps it from being chosen, so the fix must stay within reach.
void RunPanel::updateTierGroups() {
    for (const auto& [tier, group] : m_groups) {
        bool listed = false;
        bool available = false;
        for (int row = 0; row < m_tiers->rowCount(); ++row) {
            if (m_tiers->item(row)->data(Qt::UserRole).toString() == tier) {
                listed = true;
                available = m_tiers->item(row)->data(kAvailableRole).toBool();
            }
        }
        group->setVisible(listed && (currentTier() == tier || !available));
    }
}

TierSettings RunPanel::tierSettings(const QString& name) const {
    const auto group = m_groups.find(name);
    return group == m_groups.end() ? TierSettings{} : group->second->values();
}

void RunPanel::setTierSettings(const QString& name, const TierSettings& settings) {
    if (const auto group = m_groups.find(name); group != m_groups.end())
        group->second->setValues(settings);
}

void RunPanel::setTierSettingsEnabled(bool enabled, const QString& reason) {
    for (const auto& [tier, group] : m_groups) {
        group->setEnabled(enabled);
        group->setToolTip(enabled ? QString() : reason);
    }
}

std::optional<Policy> RunPanel::policy() {
    // The engine's own parser validates: one set of rules for the GUI, the CLI and policy files.
    nlohmann::json fields = nlohmann::json::parse(m_unshown.toJson());
    fields.update({{"timeout_s", m_timeout->value()},
                   {"memory_mb", m_memory->value()},
                   {"cpus", m_cpus->value()},
                   {"processes", m_processes->value()},
                   {"file_size_mb", m_fileSize->value()},
                   {"workdir_mb", m_workdir->value()},
                   {"output_cap_bytes", m_outputCap->value()}});
    m_network->writeInto(fields);
    fields["inputs"] = nlohmann::json::array();
    for (const QString& path : m_inputs->paths())
        fields["inputs"].push_back(path.toStdString());
    try {
        Policy parsed = Policy::fromJson(fields.dump());
        m_validation->clear();
        return parsed;
    } catch (const PolicyError& error) {
        m_validation->setText(QString::fromStdString(error.what()));
        return std::nullopt;
    }
}

void RunPanel::setPolicy(const Policy& policy) {
    m_unshown = policy;
    QStringList inputs;
    for (const std::string& path : policy.inputs)
        inputs << QString::fromStdString(path);
    m_inputs->setPaths(inputs);
    m_timeout->setValue(policy.timeoutSeconds);
    m_memory->setValue(static_cast<int>(policy.memoryMb));
    m_cpus->setValue(policy.cpus);
    m_processes->setValue(policy.processes);
    m_fileSize->setValue(static_cast<int>(policy.fileSizeMb));
    m_workdir->setValue(static_cast<int>(policy.workdirMb));
    m_outputCap->setValue(static_cast<int>(policy.outputCapBytes));
    m_network->setPolicy(policy);
}

QString RunPanel::validationMessage() const {
    return m_validation->text();
}

std::vector<std::pair<QString, Policy>> RunPanel::presets() {
    Policy strict;
    strict.timeoutSeconds = 2;
    strict.memoryMb = 128;
    strict.cpus = 0.5;
    strict.processes = 5;
    strict.fileSizeMb = 1;
    strict.workdirMb = 4;
    strict.outputCapBytes = 4096;
    Policy generous;
    generous.timeoutSeconds = 30;
    generous.memoryMb = 1024;
    generous.cpus = 2;
    generous.processes = 64;
    generous.fileSizeMb = 64;
    generous.workdirMb = 256;
    generous.outputCapBytes = 1 << 20;
    return {{QStringLiteral("strict"), strict},
            {QStringLiteral("default"), Policy{}},
            {QStringLiteral("generous"), generous}};
}

std::vector<std::pair<QString, QStringList>> RunPanel::networkPresets() {
    // The index's pages and its files: what pip, or urllib, needs to fetch a package.
    return {{QStringLiteral("python-packages"),
             {QStringLiteral("pypi.org:443"), QStringLiteral("files.pythonhosted.org:443")}}};
}

std::map<std::string, std::string> RunPanel::secretValues() const {
    return m_network->secretValues();
}

void RunPanel::applyPreset(const QString& name) {
    for (const auto& [presetName, hosts] : networkPresets()) {
        if (presetName == name) {
            m_network->setAllowList(hosts);
            policy();
            return;
        }
    }
    for (const auto& [presetName, preset] : presets()) {
        if (presetName == name) {
            // A preset sets limits; the input files and the network stay what the user chose.
            Policy chosen = preset;
            for (const QString& path : m_inputs->paths())
                chosen.inputs.push_back(path.toStdString());
            if (const std::optional<Policy> current = policy()) {
                chosen.network = current->network;
                chosen.egress = current->egress;
            }
            setPolicy(chosen);
            policy(); // refresh the validation line
        }
    }
}

QString RunPanel::savePolicyFile(const QString& path) {
    const std::optional<Policy> current = policy();
    if (!current)
        return validationMessage();
    QSaveFile file(path);
    const std::string json = current->toJson();
    if (!file.open(QIODevice::WriteOnly) || file.write(json.data(), static_cast<qint64>(json.size())) < 0 ||
        !file.commit())
        return tr("Cannot save the policy to %1: %2").arg(path, file.errorString());
    return {};
}

QString RunPanel::loadPolicyFile(const QString& path) {
    QFile file(path);
    QString error;
    if (!file.open(QIODevice::ReadOnly)) {
        error = tr("Cannot read %1: %2").arg(path, file.errorString());
    } else {
        try {
            setPolicy(Policy::fromJson(file.readAll().toStdString()));
            policy();
            return {};
        } catch (const PolicyError& problem) {
            error = tr("%1 is not a usable policy: %2").arg(path, QString::fromStdString(problem.what()));
        }
    }
    m_validation->setText(error);
    return error;
}
