#include "run_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QStandardItemModel>
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
const QString kContainerTier = QStringLiteral("container");
const QString kMicrovmTier = QStringLiteral("microvm");
const QString kE2bTier = QStringLiteral("e2b");

} // namespace

RunPanel::RunPanel(QWidget* parent)
    : QWidget(parent)
    , m_tier(new QComboBox(this))
    , m_tiers(new QStandardItemModel(this))
    , m_tierNotes(new QLabel(this))
    , m_timeout(new QDoubleSpinBox(this))
    , m_memory(spinBox(0, 65536, tr(" MB"), tr("Memory the program may use"), this))
    , m_cpus(new QDoubleSpinBox(this))
    , m_processes(
          spinBox(0, 4096, QString(), tr("Processes the program may have at once, itself included"), this))
    , m_fileSize(spinBox(0, 65536, tr(" MB"), tr("Largest file the program may write"), this))
    , m_workdir(spinBox(0, 65536, tr(" MB"), tr("Total size of the private working folder"), this))
    , m_outputCap(spinBox(0, 1 << 30, tr(" bytes"), tr("Output kept per stream; the rest is dropped"), this))
    , m_network(new QCheckBox(tr("Allow network access"), this))
    , m_validation(new QLabel(this)) {
    m_preset = new QComboBox(this);
    m_preset->addItem(tr("Choose a preset…"));
    for (const auto& [name, policy] : presets())
        m_preset->addItem(name);
    connect(m_preset, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            applyPreset(m_preset->itemText(index));
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

    m_tier->setModel(m_tiers);
    m_tierNotes->setWordWrap(true);
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

    // The container tier's own settings: which engine, which image, how many sandboxes to keep started.
    m_container = new QGroupBox(tr("Container tier"), this);
    m_engine = new QComboBox(m_container);
    m_engine->setObjectName(QStringLiteral("container.engine"));
    m_engine->addItem(tr("Auto"), QStringLiteral("auto"));
    m_engine->addItem(QStringLiteral("Docker"), QStringLiteral("docker"));
    m_engine->addItem(QStringLiteral("Podman"), QStringLiteral("podman"));
    m_engine->setToolTip(tr("Auto uses Docker when its daemon answers, else Podman"));
    m_image = new QLineEdit(m_container);
    m_image->setObjectName(QStringLiteral("container.image"));
    m_image->setPlaceholderText(QString::fromStdString(ContainerSettings{}.image));
    m_image->setToolTip(tr("The image every run starts from; empty for the default"));
    m_warmPool = spinBox(
        0, 16, QString(),
        tr("Containers started ahead of runs, each serving one run; 0 starts every run cold"), m_container);
    m_warmPool->setObjectName(QStringLiteral("container.warmPool"));
    m_warmPool->setSpecialValueText(tr("Off"));
    m_warmPool->setKeyboardTracking(false); // typing "12" applies 12, not 1 and then 12
    auto* containerForm = new QFormLayout(m_container);
    containerForm->addRow(tr("&Engine:"), m_engine);
    containerForm->addRow(tr("&Image:"), m_image);
    containerForm->addRow(tr("Warm poo&l:"), m_warmPool);
    connect(m_engine, &QComboBox::currentIndexChanged, this, &RunPanel::containerSettingsChanged);
    connect(m_image, &QLineEdit::editingFinished, this, [this] {
        if (m_image->isModified()) {
            m_image->setModified(false);
            Q_EMIT containerSettingsChanged();
        }
    });
    connect(m_warmPool, &QSpinBox::valueChanged, this, &RunPanel::containerSettingsChanged);

    // The microVM tier's: KVM or TCG, and how many VMs to keep booted (a cold boot under TCG takes seconds).
    m_microvm = new QGroupBox(tr("MicroVM tier"), this);
    m_accelerator = new QComboBox(m_microvm);
    m_accelerator->setObjectName(QStringLiteral("microvm.accelerator"));
    m_accelerator->addItem(tr("Auto"), QStringLiteral("auto"));
    m_accelerator->addItem(QStringLiteral("KVM"), QStringLiteral("kvm"));
    m_accelerator->addItem(tr("TCG (emulated)"), QStringLiteral("tcg"));
    m_accelerator->setToolTip(tr("Auto uses KVM when it really boots a guest here, else TCG; KVM refuses to "
                                 "run when it cannot"));
    m_vmWarmPool =
        spinBox(0, 16, QString(),
                tr("VMs booted ahead of runs, each serving one run; 0 boots a VM for every run"), m_microvm);
    m_vmWarmPool->setObjectName(QStringLiteral("microvm.warmPool"));
    m_vmWarmPool->setSpecialValueText(tr("Off"));
    m_vmWarmPool->setKeyboardTracking(false);
    auto* microvmForm = new QFormLayout(m_microvm);
    microvmForm->addRow(tr("&Accelerator:"), m_accelerator);
    microvmForm->addRow(tr("Warm poo&l:"), m_vmWarmPool);
    connect(m_accelerator, &QComboBox::currentIndexChanged, this, &RunPanel::microvmSettingsChanged);
    connect(m_vmWarmPool, &QSpinBox::valueChanged, this, &RunPanel::microvmSettingsChanged);

    // The E2B tier's: the API key (held in memory only, like the agent's) and the sandbox template.
    m_e2b = new QGroupBox(tr("E2B tier"), this);
    m_e2bKey = new QLineEdit(m_e2b);
    m_e2bKey->setObjectName(QStringLiteral("e2b.apiKey"));
    m_e2bKey->setEchoMode(QLineEdit::Password);
    m_e2bKey->setClearButtonEnabled(true);
    m_e2bKey->setToolTip(tr("Held in memory only and never saved. When this field is empty, E2B_API_KEY from "
                            "Sandbench's environment is used. E2B bills every run."));
    m_e2bTemplate = new QLineEdit(m_e2b);
    m_e2bTemplate->setObjectName(QStringLiteral("e2b.template"));
    m_e2bTemplate->setPlaceholderText(QString::fromStdString(E2bSettings{}.templateId));
    m_e2bTemplate->setToolTip(tr("The sandbox template; it must have E2B's code interpreter"));
    auto* e2bForm = new QFormLayout(m_e2b);
    e2bForm->addRow(tr("API &key:"), m_e2bKey);
    e2bForm->addRow(tr("Te&mplate:"), m_e2bTemplate);
    for (QLineEdit* field : {m_e2bKey, m_e2bTemplate}) {
        connect(field, &QLineEdit::editingFinished, this, [this, field] {
            if (field->isModified()) {
                field->setModified(false);
                Q_EMIT e2bSettingsChanged();
            }
        });
    }

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
    form->addRow(m_network);
    form->addRow(m_validation);
    form->addRow(m_container);
    form->addRow(m_microvm);
    form->addRow(m_e2b);

    connect(m_tier, &QComboBox::currentIndexChanged, this, [this](int row) {
        const QStandardItem* item = m_tiers->item(row);
        m_tierNotes->setText(item ? item->data(kProbeRole).toString() : QString());
        updateTierGroups();
        Q_EMIT tierChanged(currentTier());
    });
    setPolicy(Policy{});
    updateTierGroups();
}

void RunPanel::setTiers(const std::vector<std::pair<std::string, ProbeResult>>& tiers) {
    const QString previous = currentTier();
    m_tiers->clear();
    for (const auto& [name, probe] : tiers) {
        auto* item = new QStandardItem(QString::fromStdString(name));
        item->setData(QString::fromStdString(name), Qt::UserRole);
        QString notes;
        for (const auto& note : probe.notes)
            notes += QString::fromStdString(note) + QLatin1Char('\n');
        if (!probe.available) {
            item->setFlags(item->flags() & ~Qt::ItemIsEnabled); // greyed: it cannot run here
            item->setText(tr("%1 (unavailable)").arg(QString::fromStdString(name)));
            item->setToolTip(QString::fromStdString(probe.reason));
            notes = QString::fromStdString(probe.reason);
        } else if (name == "host") {
            item->setText(tr("host (control, no isolation)"));
        }
        item->setData(notes.trimmed(), kProbeRole);
        item->setData(probe.available, kAvailableRole);
        m_tiers->appendRow(item);
    }
    setCurrentTier(previous.isEmpty() ? QStringLiteral("subprocess") : previous);
    // A chosen tier that can no longer run here (a container image that is not there) falls back to the
    // subprocess tier, not to whatever row came first: that is the control, which isolates nothing.
    if (currentTier() != previous)
        setCurrentTier(QStringLiteral("subprocess"));
    updateTierGroups(); // the row may have stayed current without a change signal
}

QString RunPanel::currentTier() const {
    return m_tier->currentData(Qt::UserRole).toString();
}

void RunPanel::setCurrentTier(const QString& name) {
    for (int row = 0; row < m_tiers->rowCount(); ++row) {
        const QStandardItem* item = m_tiers->item(row);
        if (item->data(Qt::UserRole).toString() == name && (item->flags() & Qt::ItemIsEnabled)) {
            m_tier->setCurrentIndex(row);
            return;
        }
    }
}

QString RunPanel::tierNotes(const QString& name) const {
    for (int row = 0; row < m_tiers->rowCount(); ++row) {
        if (m_tiers->item(row)->data(Qt::UserRole).toString() == name)
            return m_tiers->item(row)->data(kProbeRole).toString();
    }
    return {};
}

// A tier's group is shown while it is chosen, and while it cannot run here: a wrong engine, image or
// accelerator is exactly what keeps it from being chosen, so the fix must stay within reach.
void RunPanel::updateTierGroups() {
    const auto showFor = [this](QGroupBox* group, const QString& tier) {
        bool listed = false;
        bool available = false;
        for (int row = 0; row < m_tiers->rowCount(); ++row) {
            if (m_tiers->item(row)->data(Qt::UserRole).toString() == tier) {
                listed = true;
                available = m_tiers->item(row)->data(kAvailableRole).toBool();
            }
        }
        group->setVisible(listed && (currentTier() == tier || !available));
    };
    showFor(m_container, kContainerTier);
    showFor(m_microvm, kMicrovmTier);
    showFor(m_e2b, kE2bTier);
}

ContainerSettings RunPanel::containerSettings() const {
    ContainerSettings settings;
    settings.engine = m_engine->currentData().toString().toStdString();
    if (const QString image = m_image->text().trimmed(); !image.isEmpty())
        settings.image = image.toStdString();
    settings.warmPoolSize = m_warmPool->value();
    return settings;
}

void RunPanel::setContainerSettings(const ContainerSettings& settings) {
    const QSignalBlocker engineBlocker(m_engine);
    const QSignalBlocker poolBlocker(m_warmPool);
    const int engine = m_engine->findData(QString::fromStdString(settings.engine));
    m_engine->setCurrentIndex(engine >= 0 ? engine : 0);
    m_image->setText(QString::fromStdString(settings.image));
    m_image->setModified(false);
    m_warmPool->setValue(settings.warmPoolSize);
}

void RunPanel::setContainerSettingsEnabled(bool enabled, const QString& reason) {
    m_container->setEnabled(enabled);
    m_container->setToolTip(enabled ? QString() : reason);
}

MicrovmSettings RunPanel::microvmSettings() const {
    MicrovmSettings settings = m_microvmBase;
    settings.accelerator = m_accelerator->currentData().toString().toStdString();
    settings.warmPoolSize = m_vmWarmPool->value();
    return settings;
}

void RunPanel::setMicrovmSettings(const MicrovmSettings& settings) {
    const QSignalBlocker acceleratorBlocker(m_accelerator);
    const QSignalBlocker poolBlocker(m_vmWarmPool);
    m_microvmBase = settings;
    const int accelerator = m_accelerator->findData(QString::fromStdString(settings.accelerator));
    m_accelerator->setCurrentIndex(accelerator >= 0 ? accelerator : 0);
    m_vmWarmPool->setValue(settings.warmPoolSize);
}

void RunPanel::setMicrovmSettingsEnabled(bool enabled, const QString& reason) {
    m_microvm->setEnabled(enabled);
    m_microvm->setToolTip(enabled ? QString() : reason);
}

E2bSettings RunPanel::e2bSettings() const {
    E2bSettings settings = m_e2bBase;
    if (const QString key = m_e2bKey->text().trimmed(); !key.isEmpty())
        settings.apiKey = key.toStdString();
    settings.templateId = m_e2bTemplate->text().trimmed().isEmpty()
                              ? E2bSettings{}.templateId
                              : m_e2bTemplate->text().trimmed().toStdString();
    return settings;
}

void RunPanel::setE2bSettings(const E2bSettings& base, const QString& savedTemplate) {
    m_e2bBase = base;
    m_e2bKey->clear();
    m_e2bKey->setModified(false);
    m_e2bKey->setPlaceholderText(base.hasApiKey() ? tr("From E2B_API_KEY")
                                                  : tr("Not set (E2B_API_KEY is empty)"));
    m_e2bTemplate->setText(savedTemplate.isEmpty() ? QString::fromStdString(base.templateId) : savedTemplate);
    m_e2bTemplate->setModified(false);
}

void RunPanel::setE2bSettingsEnabled(bool enabled, const QString& reason) {
    m_e2b->setEnabled(enabled);
    m_e2b->setToolTip(enabled ? QString() : reason);
}

std::optional<Policy> RunPanel::policy() {
    // The engine's own parser validates: one set of rules for the GUI, the CLI and policy files.
    nlohmann::json fields{{"timeout_s", m_timeout->value()},
                          {"memory_mb", m_memory->value()},
                          {"cpus", m_cpus->value()},
                          {"processes", m_processes->value()},
                          {"file_size_mb", m_fileSize->value()},
                          {"workdir_mb", m_workdir->value()},
                          {"output_cap_bytes", m_outputCap->value()},
                          {"network", m_network->isChecked()}};
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
    m_timeout->setValue(policy.timeoutSeconds);
    m_memory->setValue(static_cast<int>(policy.memoryMb));
    m_cpus->setValue(policy.cpus);
    m_processes->setValue(policy.processes);
    m_fileSize->setValue(static_cast<int>(policy.fileSizeMb));
    m_workdir->setValue(static_cast<int>(policy.workdirMb));
    m_outputCap->setValue(static_cast<int>(policy.outputCapBytes));
    m_network->setChecked(policy.network);
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

void RunPanel::applyPreset(const QString& name) {
    for (const auto& [presetName, preset] : presets()) {
        if (presetName == name) {
            setPolicy(preset);
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
