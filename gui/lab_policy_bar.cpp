#include "lab_policy_bar.h"

#include "core/lab_run.h"
#include "engine_text.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

using namespace sandbench;

namespace {

const QString kSourceKey = QStringLiteral("lab/policySource");
const QString kPolicyKey = QStringLiteral("lab/policy");

} // namespace

LabPolicyBar::LabPolicyBar(QWidget* parent)
    : QWidget(parent)
    , m_source(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_edit(new QPushButton(tr("Edit…"), this)) {
    m_source->setObjectName(QStringLiteral("lab.policySource"));
    m_source->addItem(tr("the Workbench's"), QStringLiteral("workbench"));
    m_source->addItem(tr("set for the lab"), QStringLiteral("lab"));
    m_source->setToolTip(tr("Run the lab under the policy of the Workbench tab's Tier and policy pane, or "
                            "under one of its own"));
    m_summary->setObjectName(QStringLiteral("lab.policy"));
    // The whole policy, on two lines where one is too short: an elided one hides the very limits a class is
    // shown (network, file size come last).
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_edit->setObjectName(QStringLiteral("lab.editPolicy"));
    m_edit->setToolTip(tr("Edit the lab's own policy"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Policy:"), this));
    row->addWidget(m_source);
    row->addWidget(m_summary, 1);
    row->addWidget(m_edit);

    QSettings settings;
    if (const QString saved = settings.value(kPolicyKey).toString(); !saved.isEmpty()) {
        try {
            m_lab = Policy::fromJson(saved.toStdString());
        } catch (const PolicyError&) {
            // Saved by another version: the defaults.
        }
    }
    if (settings.value(kSourceKey).toString() == QLatin1String("lab"))
        m_source->setCurrentIndex(1);
    connect(m_source, &QComboBox::currentIndexChanged, this, [this] {
        // The lab's own policy starts as the Workbench's, to change from there.
        if (source() == Source::Lab && !QSettings().contains(kPolicyKey))
            m_lab = m_workbench;
        save();
        showPolicy();
        Q_EMIT policyChanged();
    });
    connect(m_edit, &QPushButton::clicked, this, &LabPolicyBar::editLabPolicy);
    showPolicy();
}

LabPolicyBar::Source LabPolicyBar::source() const {
    return m_source->currentIndex() == 1 ? Source::Lab : Source::Workbench;
}

void LabPolicyBar::setSource(Source source) {
    m_source->setCurrentIndex(source == Source::Lab ? 1 : 0);
}

Policy LabPolicyBar::policy() const {
    return source() == Source::Lab ? m_lab : m_workbench;
}

std::string LabPolicyBar::sourceName() const {
    return source() == Source::Lab ? kPolicyForLab : kPolicyFromWorkbench;
}

void LabPolicyBar::setWorkbenchPolicy(const Policy& policy) {
    m_workbench = policy;
    showPolicy();
    if (source() == Source::Workbench)
        Q_EMIT policyChanged();
}

void LabPolicyBar::setLabPolicy(const Policy& policy) {
    m_lab = policy;
    save();
    showPolicy();
    if (source() == Source::Lab)
        Q_EMIT policyChanged();
}

QString LabPolicyBar::shownText() const {
    return m_summary->text();
}

void LabPolicyBar::showPolicy() {
    m_summary->setText(policySummary(policy()));
    m_edit->setEnabled(source() == Source::Lab);
}

void LabPolicyBar::save() const {
    QSettings settings;
    settings.setValue(kSourceKey, m_source->currentData().toString());
    settings.setValue(kPolicyKey, QString::fromStdString(m_lab.toJson()));
}

// The policy JSON `run --policy` reads, checked by the engine's own parser: one set of rules everywhere.
void LabPolicyBar::editLabPolicy() {
    QDialog dialog(this);
    dialog.setWindowTitle(tr("The lab's policy"));
    auto* text = new QPlainTextEdit(QString::fromStdString(m_lab.toJson()), &dialog);
    auto* problem = new QLabel(&dialog);
    problem->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(tr("As a policy file holds it (sandbench-cli run --policy):"), &dialog));
    layout->addWidget(text, 1);
    layout->addWidget(problem);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        try {
            setLabPolicy(Policy::fromJson(text->toPlainText().toStdString()));
            dialog.accept();
        } catch (const PolicyError& error) {
            problem->setText(QString::fromStdString(error.what()));
        }
    });
    dialog.resize(520, 360);
    dialog.exec();
}
