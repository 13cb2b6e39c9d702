#pragma once

#include "core/policy.h"

#include <QWidget>
#include <map>
#include <string>

class QLabel;
class QComboBox;
class QPushButton;

// The Attack Lab's policy, on the Lab tab: the Workbench's (the default: the lab runs what the Tier and
// policy pane shows) or one set for the lab apart from it, edited here as the policy JSON that `run --policy`
// reads. Before, the lab always ran the engine's defaults whatever the Workbench showed, and said nothing.
// The choice and the lab's own policy are remembered (QSettings "lab/policySource", "lab/policy").
class LabPolicyBar : public QWidget {
    Q_OBJECT

public:
    enum class Source { Workbench, Lab };

    explicit LabPolicyBar(QWidget* parent = nullptr);

    Source source() const;
    void setSource(Source source);
    // The policy the next lab or bench runs under: the Workbench's, or the lab's own.
    sandbench::Policy policy() const;
    // As LabRun::policySource has it (kPolicyFromWorkbench or kPolicyForLab).
    std::string sourceName() const;
    // What the Workbench's pane shows now; followed while the source is Workbench.
    void setWorkbenchPolicy(const sandbench::Policy& policy);
    // The values typed for secrets in the Workbench's pane, by name: given to the lab's runs whichever policy
    // they run under, never saved.
    void setWorkbenchSecretValues(const std::map<std::string, std::string>& values) {
        m_secretValues = values;
    }
    const std::map<std::string, std::string>& secretValues() const { return m_secretValues; }
    // The lab's own policy (saved); switch to it with setSource(Source::Lab).
    void setLabPolicy(const sandbench::Policy& policy);
    QString shownText() const; // the summary line, for tests

Q_SIGNALS:
    void policyChanged();

private:
    void editLabPolicy();
    void showPolicy();
    void save() const;

    sandbench::Policy m_workbench;
    sandbench::Policy m_lab;
    std::map<std::string, std::string> m_secretValues;
    QComboBox* m_source;
    QLabel* m_summary;
    QPushButton* m_edit;
};
