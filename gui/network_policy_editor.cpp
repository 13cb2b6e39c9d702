#include "network_policy_editor.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>
#include <nlohmann/json.hpp>

using namespace sandbench;

namespace {

// Host names and ranges are typed one per line, or separated by commas or spaces.
QStringList words(const QString& text) {
    static const QRegularExpression separators(QStringLiteral("[\\s,]+"));
    return text.split(separators, Qt::SkipEmptyParts);
}

nlohmann::json jsonList(const QStringList& texts) {
    nlohmann::json list = nlohmann::json::array();
    for (const QString& text : texts)
        list.push_back(text.toStdString());
    return list;
}

QString joined(const std::vector<std::string>& texts, const QString& separator) {
    QStringList list;
    for (const std::string& text : texts)
        list << QString::fromStdString(text);
    return list.join(separator);
}

} // namespace

NetworkPolicyEditor::NetworkPolicyEditor(QWidget* parent)
    : QWidget(parent)
    , m_mode(new QComboBox(this))
    , m_listPart(new QWidget(this))
    , m_hosts(new QPlainTextEdit(m_listPart))
    , m_addresses(new QLineEdit(m_listPart))
    , m_secrets(new QTableWidget(0, ColumnCount, m_listPart))
    , m_removeSecret(new QPushButton(tr("Remove"), m_listPart)) {
    m_mode->setObjectName(QStringLiteral("policy.network"));
    m_mode->addItem(tr("No network"), static_cast<int>(Mode::None));
    m_mode->addItem(tr("Only the hosts listed, through Sandbench's proxy"),
                    static_cast<int>(Mode::AllowList));
    m_mode->addItem(tr("The host's whole network"), static_cast<int>(Mode::HostNetwork));
    m_mode->setToolTip(tr("No network: the program has no route anywhere. Only the hosts listed: still no "
                          "route, but an HTTP(S) proxy Sandbench runs takes it to those names alone and puts "
                          "the secrets' real values in on the way. The whole network: no boundary at all."));
    m_mode->setStatusTip(tr("Where the program may connect to"));
    setFocusProxy(m_mode);

    m_hosts->setObjectName(QStringLiteral("policy.allow"));
    m_hosts->setPlaceholderText(tr("api.example.com\n*.example.org:443"));
    m_hosts->setToolTip(tr("One host name per line, with an optional port (80 and 443 without one); *.domain "
                           "covers the names under it. IP addresses go in the line below."));
    m_hosts->setTabChangesFocus(true);
    m_hosts->setFixedHeight(m_hosts->fontMetrics().lineSpacing() * 4 + 12);
    m_addresses->setObjectName(QStringLiteral("policy.allowIps"));
    m_addresses->setPlaceholderText(tr("IP addresses or ranges, only if you need them"));
    m_addresses->setToolTip(tr("Addresses the proxy may connect to by number (203.0.113.9, 10.0.0.0/8), "
                               "separated by commas or spaces"));

    m_secrets->setObjectName(QStringLiteral("policy.secrets"));
    m_secrets->setHorizontalHeaderLabels(
        {tr("Variable"), tr("Hosts"), tr("Header"), tr("From env"), tr("Value")});
    // Every column in the pane's width, the value's included: a dock is narrow, and a column scrolled out
    // of sight is a field the user does not know to fill.
    m_secrets->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_secrets->horizontalHeader()->setMinimumSectionSize(40);
    m_secrets->verticalHeader()->hide();
    m_secrets->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_secrets->setFixedHeight(m_secrets->horizontalHeader()->sizeHint().height() +
                              m_secrets->verticalHeader()->defaultSectionSize() * 3 + 4);
    m_secrets->setToolTip(
        tr("Keys the program may use but never see: its variable holds a random placeholder, which the proxy "
           "replaces with the value in the header named, for the hosts named alone. The value is what you "
           "type (kept in memory, never saved) or else Sandbench's environment variable."));
    auto* addSecret = new QPushButton(tr("Add secret"), m_listPart);
    addSecret->setStatusTip(tr("Give the program a key by placeholder"));
    m_removeSecret->setStatusTip(tr("Remove the chosen secret"));
    m_removeSecret->setEnabled(false);
    connect(addSecret, &QPushButton::clicked, this, [this] {
        const QStringList hosts = allowList();
        SecretRule rule;
        rule.name = "API_KEY";
        if (!hosts.isEmpty())
            rule.hosts = {hosts.first().section(QLatin1Char(':'), 0, 0).toStdString()};
        addSecretRow(rule, {});
        m_secrets->setCurrentCell(m_secrets->rowCount() - 1, NameColumn);
        Q_EMIT changed();
    });
    connect(m_removeSecret, &QPushButton::clicked, this, [this] {
        if (const int row = m_secrets->currentRow(); row >= 0) {
            m_secrets->removeRow(row);
            Q_EMIT changed();
        }
    });
    connect(m_secrets, &QTableWidget::itemSelectionChanged, this,
            [this] { m_removeSecret->setEnabled(m_secrets->currentRow() >= 0); });

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(addSecret);
    buttons->addWidget(m_removeSecret);
    buttons->addStretch();
    auto* listLayout = new QVBoxLayout(m_listPart);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(m_hosts);
    listLayout->addWidget(m_addresses);
    listLayout->addWidget(new QLabel(tr("Secrets:"), m_listPart));
    listLayout->addWidget(m_secrets);
    listLayout->addLayout(buttons);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_mode);
    layout->addWidget(m_listPart);

    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        showMode();
        Q_EMIT changed();
    });
    connect(m_hosts, &QPlainTextEdit::textChanged, this, &NetworkPolicyEditor::changed);
    connect(m_addresses, &QLineEdit::textChanged, this, &NetworkPolicyEditor::changed);
    connect(m_secrets, &QTableWidget::itemChanged, this, &NetworkPolicyEditor::changed);
    showMode();
}

NetworkPolicyEditor::Mode NetworkPolicyEditor::mode() const {
    return static_cast<Mode>(m_mode->currentData().toInt());
}

void NetworkPolicyEditor::setMode(Mode mode) {
    m_mode->setCurrentIndex(m_mode->findData(static_cast<int>(mode)));
}

void NetworkPolicyEditor::showMode() {
    m_listPart->setVisible(mode() == Mode::AllowList);
}

void NetworkPolicyEditor::setPolicy(const Policy& policy) {
    const std::map<std::string, std::string> typed = secretValues();
    {
        const QSignalBlocker blockMode(m_mode), blockHosts(m_hosts), blockAddresses(m_addresses),
            blockSecrets(m_secrets);
        QStringList hosts;
        for (const AllowedHost& host : policy.egress.allow)
            hosts << QString::fromStdString(host.text());
        m_hosts->setPlainText(hosts.join(QLatin1Char('\n')));
        m_addresses->setText(joined(policy.egress.allowIps, QStringLiteral(", ")));
        m_secrets->setRowCount(0);
        for (const SecretRule& rule : policy.egress.secrets) {
            const auto value = typed.find(rule.name);
            addSecretRow(rule, value == typed.end() ? QString() : QString::fromStdString(value->second));
        }
        setMode(policy.network ? Mode::HostNetwork : policy.egress.active() ? Mode::AllowList : Mode::None);
    }
    showMode();
}

void NetworkPolicyEditor::setAllowList(const QStringList& hosts) {
    m_hosts->setPlainText(hosts.join(QLatin1Char('\n')));
    setMode(Mode::AllowList);
}

QStringList NetworkPolicyEditor::allowList() const {
    return words(m_hosts->toPlainText());
}

void NetworkPolicyEditor::addSecretRow(const SecretRule& rule, const QString& value) {
    const QSignalBlocker blocker(m_secrets);
    const int row = m_secrets->rowCount();
    m_secrets->insertRow(row);
    m_secrets->setItem(row, NameColumn, new QTableWidgetItem(QString::fromStdString(rule.name)));
    m_secrets->setItem(row, HostsColumn, new QTableWidgetItem(joined(rule.hosts, QStringLiteral(", "))));
    m_secrets->setItem(row, HeaderColumn, new QTableWidgetItem(QString::fromStdString(rule.header)));
    m_secrets->setItem(row, FromEnvColumn, new QTableWidgetItem(QString::fromStdString(rule.fromEnv)));
    // The value is typed into a password field of its own, never into an item: items are what views,
    // models and accessibility tools read back.
    auto* field = new QLineEdit(value, m_secrets);
    field->setObjectName(QStringLiteral("policy.secretValue"));
    field->setEchoMode(QLineEdit::Password);
    field->setFrame(false);
    field->setPlaceholderText(rule.fromEnv.empty()
                                  ? tr("type it (kept in memory only)")
                                  : tr("from $%1").arg(QString::fromStdString(rule.fromEnv)));
    connect(field, &QLineEdit::textChanged, this, &NetworkPolicyEditor::changed);
    m_secrets->setCellWidget(row, ValueColumn, field);
}

QLineEdit* NetworkPolicyEditor::valueField(int row) const {
    return qobject_cast<QLineEdit*>(m_secrets->cellWidget(row, ValueColumn));
}

void NetworkPolicyEditor::writeInto(nlohmann::json& fields) const {
    fields.erase("secrets");
    if (mode() != Mode::AllowList) {
        fields["network"] = mode() == Mode::HostNetwork;
        return;
    }
    // Written as typed, an empty list included: the parser says what is wrong, naming the key.
    fields["network"] = {{"allow", jsonList(allowList())}};
    if (const QStringList addresses = words(m_addresses->text()); !addresses.isEmpty())
        fields["network"]["allow_ips"] = jsonList(addresses);
    if (m_secrets->rowCount() == 0)
        return;
    nlohmann::json secrets = nlohmann::json::array();
    for (int row = 0; row < m_secrets->rowCount(); ++row) {
        auto text = [&](int column) {
            const QTableWidgetItem* item = m_secrets->item(row, column);
            return item ? item->text().trimmed() : QString();
        };
        nlohmann::json secret{{"name", text(NameColumn).toStdString()},
                              {"hosts", jsonList(words(text(HostsColumn)))},
                              {"header", text(HeaderColumn).toStdString()}};
        if (const QString fromEnv = text(FromEnvColumn); !fromEnv.isEmpty())
            secret["from_env"] = fromEnv.toStdString();
        secrets.push_back(std::move(secret));
    }
    fields["secrets"] = std::move(secrets);
}

std::map<std::string, std::string> NetworkPolicyEditor::secretValues() const {
    std::map<std::string, std::string> values;
    for (int row = 0; row < m_secrets->rowCount(); ++row) {
        const QTableWidgetItem* name = m_secrets->item(row, NameColumn);
        const QLineEdit* value = valueField(row);
        if (name && value && !value->text().isEmpty())
            values[name->text().trimmed().toStdString()] = value->text().toStdString();
    }
    return values;
}
