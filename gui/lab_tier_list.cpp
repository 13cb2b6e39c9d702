#include "lab_tier_list.h"

#include "engine_text.h"

#include <QCheckBox>
#include <QHBoxLayout>

using namespace sandbench;

LabTierList::LabTierList(Tiers tiers, QWidget* parent)
    : QGroupBox(tr("Tiers"), parent)
    , m_tiers(std::move(tiers)) {
    auto* row = new QHBoxLayout(this);
    for (const auto& [name, tier] : m_tiers) {
        const QString key = QString::fromStdString(name);
        auto* check =
            new QCheckBox(tier->info().control ? tr("%1 (control, no isolation)").arg(key) : key, this);
        check->setEnabled(false);
        check->setToolTip(tr("Checking whether this tier can run here…"));
        connect(check, &QCheckBox::toggled, this, &LabTierList::checkedTiersChanged);
        // The user's tick is theirs: a later probe of the tier (new settings) keeps it.
        connect(check, &QCheckBox::clicked, this, [this, key](bool ticked) { m_wanted.insert(key, ticked); });
        m_checks.insert(key, check);
        row->addWidget(check);
    }
    row->addStretch(1);
}

void LabTierList::setProbeResults(const ProbeResults& results) {
    for (const auto& [name, probe] : results) {
        const QString key = QString::fromStdString(name);
        QCheckBox* check = m_checks.value(key);
        const std::shared_ptr<Tier> listed = tier(key);
        if (!check || !listed)
            continue;
        const TierInfo& info = listed->info();
        check->setEnabled(probe.available);
        check->setChecked(probe.available && m_wanted.value(key, !info.control && !info.billed));
        if (probe.available) {
            QStringList tip;
            for (const auto& note : probe.notes)
                tip.append(engineText(note));
            m_probeNotes.insert(key, tip);
            m_probeDetails.insert(key, QString::fromStdString(probe.details));
            if (info.control)
                tip.prepend(tr("No isolation at all: the control that shows each attack really works"));
            if (info.billed)
                tip.prepend(tr("Billed for every run, so not ticked until you tick it: a suite starts one "
                               "sandbox per attack"));
            check->setToolTip(tip.join(QLatin1Char('\n')));
        } else {
            check->setToolTip(engineText(probe.reason));
        }
    }
    m_probed = true;
    Q_EMIT checkedTiersChanged();
}

void LabTierList::replaceTier(const std::string& name, std::shared_ptr<Tier> replacement) {
    for (auto& [tierName, held] : m_tiers) {
        if (tierName == name)
            held = replacement;
    }
    if (QCheckBox* check = m_checks.value(QString::fromStdString(name))) {
        check->setEnabled(false);
        check->setToolTip(tr("Checking whether this tier can run here…"));
    }
    Q_EMIT checkedTiersChanged();
}

QStringList LabTierList::checkedTiers() const {
    QStringList tiers;
    for (const auto& [name, tier] : m_tiers) {
        const QCheckBox* check = m_checks.value(QString::fromStdString(name));
        if (check->isEnabled() && check->isChecked())
            tiers.append(QString::fromStdString(name));
    }
    return tiers;
}

void LabTierList::setCheckedTiers(const QStringList& tiers) {
    for (auto it = m_checks.begin(); it != m_checks.end(); ++it) {
        m_wanted.insert(it.key(), tiers.contains(it.key()));
        it.value()->setChecked(it.value()->isEnabled() && tiers.contains(it.key()));
    }
}

QStringList LabTierList::wantedTiers() const {
    QStringList tiers;
    for (const auto& [name, tier] : m_tiers) {
        const QString key = QString::fromStdString(name);
        const bool byDefault = !tier->info().control && !tier->info().billed;
        if (m_wanted.value(key, m_probed ? m_checks.value(key)->isChecked() : byDefault))
            tiers.append(key);
    }
    return tiers;
}

std::vector<std::pair<QString, std::shared_ptr<Tier>>> LabTierList::chosenTiers() const {
    const QStringList names = checkedTiers();
    std::vector<std::pair<QString, std::shared_ptr<Tier>>> chosen;
    for (const auto& [name, tier] : m_tiers) {
        if (names.contains(QString::fromStdString(name)))
            chosen.emplace_back(QString::fromStdString(name), tier);
    }
    return chosen;
}

std::shared_ptr<Tier> LabTierList::tier(const QString& name) const {
    for (const auto& [tierName, held] : m_tiers) {
        if (QString::fromStdString(tierName) == name)
            return held;
    }
    return nullptr;
}
