#pragma once

#include "core/agent/llm_provider.h"

#include <QWidget>
#include <map>
#include <optional>
#include <string>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

// How the agent reaches its model: provider (Anthropic or OpenAI-compatible), model, base URL, API key,
// turn limit and temperature. The workbench sets these, never the model. Defaults come from the
// environment (ProviderSettings::fromEnvironment); the provider, each provider's model and base URL, the
// turn limit and the temperature are kept in QSettings when they differ from those defaults. The API key is
// held in memory only and never saved: when its field is empty, ANTHROPIC_API_KEY or OPENAI_API_KEY from
// the environment is used.
class AgentSettingsPanel : public QWidget {
    Q_OBJECT

public:
    explicit AgentSettingsPanel(QWidget* parent = nullptr);

    // What a session started now would use: the fields, with the environment's key when the key field is
    // empty.
    sandbench::agent::ProviderSettings providerSettings() const;
    // ProviderSettings::missingConfiguration() for providerSettings(): empty when a session can start.
    QString missingConfiguration() const;
    int maxTurns() const;

    sandbench::agent::ProviderKind providerKind() const;
    void setProviderKind(sandbench::agent::ProviderKind kind);
    void setModel(const QString& model);
    void setBaseUrl(const QString& url);
    void setApiKey(const QString& key); // this provider's key, for this run of the program only
    void setMaxTurns(int turns);
    void setTemperature(std::optional<double> temperature); // nullopt: the provider's default

    static constexpr int kDefaultMaxTurns = 6;

Q_SIGNALS:
    void settingsChanged(); // any field changed; providerSettings() says what they are now

private:
    void showProvider(sandbench::agent::ProviderKind kind); // fills model, URL and key for `kind`
    void save() const;
    sandbench::agent::ProviderSettings environmentDefaults(sandbench::agent::ProviderKind kind) const;

    QComboBox* m_provider;
    QLineEdit* m_model;
    QLineEdit* m_baseUrl;
    QLineEdit* m_apiKey;
    QSpinBox* m_maxTurns;
    QDoubleSpinBox* m_temperature;
    std::map<sandbench::agent::ProviderKind, QString> m_keys; // typed per provider; memory only
    std::map<std::string, std::string> m_environment;         // as the program started
    bool m_loading = false;                                   // fields being filled: nothing to save
};
