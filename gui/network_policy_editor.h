#pragma once

#include "core/policy.h"

#include <QWidget>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

// The network part of a policy, as the Tier and policy pane edits it: no network, only the listed hosts
// (through Sandbench's egress proxy, with secrets by placeholder), or the host's whole network. A secret's
// value typed here stays in this widget's memory: a policy, a policy file and the saved settings hold the
// secret's name, hosts, header and variable, never its value.
class NetworkPolicyEditor : public QWidget {
    Q_OBJECT

public:
    enum class Mode { None, AllowList, HostNetwork };

    explicit NetworkPolicyEditor(QWidget* parent = nullptr);

    Mode mode() const;
    void setMode(Mode mode);
    // Shows the policy's network and secrets; values typed for secrets it still names are kept.
    void setPolicy(const sandbench::Policy& policy);
    // Puts the allow list in place (a network preset), keeping the secrets and the IP ranges.
    void setAllowList(const QStringList& hosts);
    QStringList allowList() const;

    // Writes "network" and "secrets" into a policy's JSON `fields`, as typed: the engine's parser checks
    // them, so the pane, the CLI and policy files follow one set of rules.
    void writeInto(nlohmann::json& fields) const;
    // The values typed for the secrets, by secret name (only those typed: the others come from Sandbench's
    // environment, as the CLI's do).
    std::map<std::string, std::string> secretValues() const;

Q_SIGNALS:
    void changed();

private:
    enum Column { NameColumn, HostsColumn, HeaderColumn, FromEnvColumn, ValueColumn, ColumnCount };

    QComboBox* m_mode;
    QWidget* m_listPart; // shown only for the allow list
    QPlainTextEdit* m_hosts;
    QLineEdit* m_addresses;
    QTableWidget* m_secrets;
    QPushButton* m_removeSecret;

    void addSecretRow(const sandbench::SecretRule& rule, const QString& value);
    QLineEdit* valueField(int row) const;
    void showMode();
};
