#include "tier_settings_group.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

using namespace sandbench;

namespace {

QString translated(const std::string& text) {
    return text.empty() ? QString() : QCoreApplication::translate("TierInfo", text.c_str());
}

} // namespace

TierSettingsGroup::TierSettingsGroup(const TierInfo& tier, QWidget* parent)
    : QGroupBox(tr("%1 tier").arg(translated(tier.label)), parent)
    , m_tierName(QString::fromStdString(tier.name)) {
    auto* form = new QFormLayout(this);
    for (const TierSetting& setting : tier.settings) {
        if (setting.commandLineOnly)
            continue;
        QWidget* field = newField(setting);
        field->setObjectName(m_tierName + QLatin1Char('.') + QString::fromStdString(setting.key));
        field->setToolTip(translated(setting.help));
        field->setStatusTip(field->toolTip());
        form->addRow(tr("%1:").arg(translated(setting.label)), field);
        m_fields.push_back({setting, field});
    }
    setValues({});
}

QWidget* TierSettingsGroup::newField(const TierSetting& setting) {
    switch (setting.kind) {
    case SettingKind::Choice: {
        auto* box = new QComboBox(this);
        for (const SettingChoice& choice : setting.choices)
            box->addItem(translated(choice.label), QString::fromStdString(choice.value));
        connect(box, &QComboBox::currentIndexChanged, this, &TierSettingsGroup::edited);
        return box;
    }
    case SettingKind::Integer: {
        auto* box = new QSpinBox(this);
        box->setRange(setting.minimum, setting.maximum);
        box->setSpecialValueText(translated(setting.minimumLabel));
        box->setKeyboardTracking(false); // typing "12" applies 12, not 1 and then 12
        connect(box, &QSpinBox::valueChanged, this, &TierSettingsGroup::edited);
        return box;
    }
    case SettingKind::Text:
    case SettingKind::Folder:
    case SettingKind::Secret:
        break;
    }
    auto* line = new QLineEdit(this);
    line->setPlaceholderText(translated(setting.placeholder));
    if (setting.kind == SettingKind::Secret) {
        line->setEchoMode(QLineEdit::Password);
        line->setClearButtonEnabled(true);
    }
    connect(line, &QLineEdit::editingFinished, this, [this, line] {
        if (line->isModified()) {
            line->setModified(false);
            Q_EMIT edited();
        }
    });
    return line;
}

TierSettings TierSettingsGroup::values() const {
    TierSettings values;
    for (const Field& field : m_fields) {
        QString value;
        if (const auto* box = qobject_cast<const QComboBox*>(field.widget))
            value = box->currentData().toString();
        else if (const auto* spin = qobject_cast<const QSpinBox*>(field.widget))
            value = QString::number(spin->value());
        else if (const auto* line = qobject_cast<const QLineEdit*>(field.widget))
            value = line->text().trimmed();
        if (!value.isEmpty())
            values[field.setting.key] = value.toStdString();
    }
    return values;
}

void TierSettingsGroup::setValues(const TierSettings& values) {
    for (const Field& field : m_fields) {
        const QSignalBlocker blocker(field.widget);
        const auto given = values.find(field.setting.key);
        const bool secret = field.setting.kind == SettingKind::Secret;
        const QString value = QString::fromStdString(
            given != values.end() ? given->second : (secret ? std::string() : field.setting.defaultValue));
        if (auto* box = qobject_cast<QComboBox*>(field.widget)) {
            box->setCurrentIndex(std::max(0, box->findData(value)));
        } else if (auto* spin = qobject_cast<QSpinBox*>(field.widget)) {
            spin->setValue(value.toInt());
        } else if (auto* line = qobject_cast<QLineEdit*>(field.widget)) {
            line->setText(value);
            line->setModified(false);
        }
    }
}
