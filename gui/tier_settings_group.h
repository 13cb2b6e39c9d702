#pragma once

#include "core/tier_info.h"

#include <QGroupBox>
#include <vector>

class QWidget;

// One tier's settings as a form, built from its TierInfo alone: a combo box for a choice, a spin box for a
// whole number, a line edit for a text or a folder, a password field for a secret (held in memory only).
// Each field is named "<tier>.<key>" (findChild); its labels, tooltip and choices are the TierInfo's,
// translated in the "TierInfo" context.
class TierSettingsGroup : public QGroupBox {
    Q_OBJECT

public:
    explicit TierSettingsGroup(const sandbench::TierInfo& tier, QWidget* parent = nullptr);

    QString tierName() const { return m_tierName; }
    // True when the tier has a setting a form shows; a group without any is never shown.
    bool hasFields() const { return !m_fields.empty(); }
    // What the fields hold, texts trimmed; an empty text or secret is left out (the tier's default then).
    sandbench::TierSettings values() const;
    // Shows `values`: a setting they leave out shows its default, a secret an empty field. Emits nothing.
    void setValues(const sandbench::TierSettings& values);

Q_SIGNALS:
    // The user chose another value, or finished editing a text that changed.
    void edited();

private:
    struct Field {
        sandbench::TierSetting setting;
        QWidget* widget;
    };
    QWidget* newField(const sandbench::TierSetting& setting);

    QString m_tierName;
    std::vector<Field> m_fields;
};
