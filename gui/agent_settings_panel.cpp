#include "agent_settings_panel.h"

#include "engine_text.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>

using namespace sandbench::agent;

namespace {

const QString kProviderKey = QStringLiteral("agent/provider");
const QString kMaxTurnsKey = QStringLiteral("agent/maxTurns");
const QString kTemperatureKey = QStringLiteral("agent/temperature");

QString settingsKey(ProviderKind kind, const char* name) {
    return QStringLiteral("agent/%1/%2").arg(QString::fromUtf8(toString(kind)), QLatin1String(name));
}

QString keyVariable(ProviderKind kind) {
    return kind == ProviderKind::Anthropic ? QStringLiteral("ANTHROPIC_API_KEY")
                                           : QStringLiteral("OPENAI_API_KEY");
}

// A value equal to the environment's default is not stored, so a later change of the environment (a new
// OPENAI_BASE_URL) still takes effect.
void storeUnlessDefault(QSettings& settings, const QString& key, const QString& value,
                        const std::string& defaultValue) {
    if (value.toStdString() == defaultValue)
        settings.remove(key);
    else
        settings.setValue(key, value);
}

} // namespace

AgentSettingsPanel::AgentSettingsPanel(QWidget* parent)
    : QWidget(parent)
    , m_provider(new QComboBox(this))
    , m_model(new QLineEdit(this))
    , m_baseUrl(new QLineEdit(this))
    , m_apiKey(new QLineEdit(this))
    , m_maxTurns(new QSpinBox(this))
    , m_temperature(new QDoubleSpinBox(this))
    , m_environment(processEnvironment()) {
    m_provider->setObjectName(QStringLiteral("agent.provider"));
    m_provider->addItem(tr("Anthropic"), QString::fromUtf8(toString(ProviderKind::Anthropic)));
    m_provider->addItem(tr("OpenAI-compatible"), QString::fromUtf8(toString(ProviderKind::OpenAiCompatible)));
    m_provider->setToolTip(tr("Anthropic's Messages API, or any server speaking OpenAI's Chat Completions "
                              "(OpenAI, Ollama, llama.cpp, vLLM)"));
    m_model->setObjectName(QStringLiteral("agent.model"));
    m_model->setToolTip(tr("The model's name as the provider knows it"));
    m_baseUrl->setObjectName(QStringLiteral("agent.baseUrl"));
    m_baseUrl->setToolTip(
        tr("Anthropic: the API root (https://api.anthropic.com). OpenAI-compatible: the root "
           "holding /chat/completions (https://api.openai.com/v1, "
           "http://localhost:11434/v1 for Ollama)"));
    m_apiKey->setObjectName(QStringLiteral("agent.apiKey"));
    m_apiKey->setEchoMode(QLineEdit::Password);
    m_apiKey->setClearButtonEnabled(true);
    m_maxTurns->setObjectName(QStringLiteral("agent.maxTurns"));
    m_maxTurns->setRange(1, 50);
    m_maxTurns->setToolTip(tr("Model calls per task; the session stops when the model still wants to run "
                              "code after the last one"));
    m_temperature->setObjectName(QStringLiteral("agent.temperature"));
    m_temperature->setRange(-0.1, 2.0); // the minimum stands for "not sent"
    m_temperature->setDecimals(1);
    m_temperature->setSingleStep(0.1);
    m_temperature->setSpecialValueText(tr("Provider default"));
    m_temperature->setToolTip(tr("Sampling temperature; the provider's own default unless set"));

    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("Provider:"), m_provider);
    form->addRow(tr("Mo&del:"), m_model);
    form->addRow(tr("&Base URL:"), m_baseUrl);
    form->addRow(tr("API &key:"), m_apiKey);
    form->addRow(tr("Ma&x turns:"), m_maxTurns);
    form->addRow(tr("Temper&ature:"), m_temperature);

    QSettings settings;
    const ProviderKind kind = providerKindFromString(settings.value(kProviderKey).toString().toStdString())
                                  .value_or(ProviderKind::Anthropic);
    m_loading = true;
    m_provider->setCurrentIndex(kind == ProviderKind::Anthropic ? 0 : 1);
    bool isNumber = false;
    const int turns = settings.value(kMaxTurnsKey).toInt(&isNumber);
    m_maxTurns->setValue(isNumber && turns >= 1 && turns <= 50 ? turns : kDefaultMaxTurns);
    const double temperature = settings.value(kTemperatureKey).toDouble(&isNumber);
    m_temperature->setValue(isNumber && temperature >= 0 && temperature <= 2 ? temperature
                                                                             : m_temperature->minimum());
    m_loading = false;
    showProvider(kind);

    connect(m_provider, &QComboBox::currentIndexChanged, this, [this] {
        showProvider(providerKind());
        save();
        Q_EMIT settingsChanged();
    });
    for (QLineEdit* field : {m_model, m_baseUrl})
        connect(field, &QLineEdit::textChanged, this, [this] {
            save();
            Q_EMIT settingsChanged();
        });
    connect(m_apiKey, &QLineEdit::textChanged, this, [this](const QString& key) {
        if (!m_loading)
            m_keys[providerKind()] = key;
        Q_EMIT settingsChanged();
    });
    connect(m_maxTurns, &QSpinBox::valueChanged, this, [this] {
        save();
        Q_EMIT settingsChanged();
    });
    connect(m_temperature, &QDoubleSpinBox::valueChanged, this, [this] {
        save();
        Q_EMIT settingsChanged();
    });
}

ProviderSettings AgentSettingsPanel::environmentDefaults(ProviderKind kind) const {
    return ProviderSettings::fromEnvironment(kind, m_environment);
}

void AgentSettingsPanel::showProvider(ProviderKind kind) {
    const ProviderSettings defaults = environmentDefaults(kind);
    QSettings settings;
    m_loading = true;
    m_model->setText(
        settings.value(settingsKey(kind, "model"), QString::fromStdString(defaults.model)).toString());
    m_model->setPlaceholderText(QString::fromStdString(ProviderSettings::defaultsFor(kind).model));
    m_baseUrl->setText(
        settings.value(settingsKey(kind, "baseUrl"), QString::fromStdString(defaults.baseUrl)).toString());
    m_baseUrl->setPlaceholderText(QString::fromStdString(ProviderSettings::defaultsFor(kind).baseUrl));
    m_apiKey->setText(m_keys[kind]);
    const QString variable = keyVariable(kind);
    m_apiKey->setPlaceholderText(defaults.apiKey.empty() ? tr("Not set (%1 is empty)").arg(variable)
                                                         : tr("From %1").arg(variable));
    m_apiKey->setToolTip(tr("Held in memory only and never saved. When this field is empty, %1 from "
                            "Sandbench's environment is used. A local server may need no key.")
                             .arg(variable));
    m_loading = false;
}

void AgentSettingsPanel::save() const {
    if (m_loading)
        return;
    QSettings settings;
    const ProviderKind kind = providerKind();
    const ProviderSettings defaults = environmentDefaults(kind);
    settings.setValue(kProviderKey, QString::fromUtf8(toString(kind)));
    storeUnlessDefault(settings, settingsKey(kind, "model"), m_model->text().trimmed(), defaults.model);
    storeUnlessDefault(settings, settingsKey(kind, "baseUrl"), m_baseUrl->text().trimmed(), defaults.baseUrl);
    settings.setValue(kMaxTurnsKey, m_maxTurns->value());
    if (m_temperature->value() < 0)
        settings.remove(kTemperatureKey);
    else
        settings.setValue(kTemperatureKey, m_temperature->value());
}

ProviderSettings AgentSettingsPanel::providerSettings() const {
    ProviderSettings settings = environmentDefaults(providerKind());
    settings.model = m_model->text().trimmed().toStdString();
    settings.baseUrl = m_baseUrl->text().trimmed().toStdString();
    if (!m_apiKey->text().isEmpty())
        settings.apiKey = m_apiKey->text().trimmed().toStdString();
    if (m_temperature->value() >= 0)
        settings.temperature = m_temperature->value();
    return settings;
}

QString AgentSettingsPanel::missingConfiguration() const {
    return engineText(providerSettings().missingConfiguration());
}

int AgentSettingsPanel::maxTurns() const {
    return m_maxTurns->value();
}

ProviderKind AgentSettingsPanel::providerKind() const {
    return providerKindFromString(m_provider->currentData().toString().toStdString())
        .value_or(ProviderKind::Anthropic);
}

void AgentSettingsPanel::setProviderKind(ProviderKind kind) {
    m_provider->setCurrentIndex(kind == ProviderKind::Anthropic ? 0 : 1);
}

void AgentSettingsPanel::setModel(const QString& model) {
    m_model->setText(model);
}

void AgentSettingsPanel::setBaseUrl(const QString& url) {
    m_baseUrl->setText(url);
}

void AgentSettingsPanel::setApiKey(const QString& key) {
    m_apiKey->setText(key);
}

void AgentSettingsPanel::setMaxTurns(int turns) {
    m_maxTurns->setValue(turns);
}

void AgentSettingsPanel::setTemperature(std::optional<double> temperature) {
    m_temperature->setValue(temperature ? *temperature : m_temperature->minimum());
}
