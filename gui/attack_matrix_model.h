#pragma once

#include "core/attack_lab.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QSet>
#include <QStringList>
#include <optional>
#include <vector>

// How many attacks a tier blocked, allowed, or could not judge.
struct VerdictCounts {
    int blocked = 0;
    int allowed = 0;
    int error = 0;

    int total() const { return blocked + allowed + error; }
    bool operator==(const VerdictCounts&) const = default;
};

// The Attack Lab matrix: one row per attack (in suite order), one column per tier. A cell shows the
// verdict and the seconds the attack took ("BLOCKED 0.4 s"), coloured by verdict, with the evidence as its
// tooltip; it is empty until that attack has finished on that tier.
class AttackMatrixModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Roles {
        VerdictRole = Qt::UserRole, // QString: "BLOCKED", "ALLOWED" or "ERROR"
        EvidenceRole,               // QString
        SecondsRole,                // double
        OutcomeRole,                // sandbench::AttackOutcome, the whole of it
    };

    explicit AttackMatrixModel(QObject* parent = nullptr);

    // Both reset the model and forget every outcome.
    void setSuite(const QStringList& attackNames);
    // `controlTiers` are labelled as the control (no isolation) in the header.
    void setTiers(const QStringList& tierNames, const QSet<QString>& controlTiers = {});
    void clearOutcomes();
    // Fills the cell of (outcome.attack, tier); false (and nothing changes) when either is unknown.
    bool addOutcome(const QString& tier, const sandbench::AttackOutcome& outcome);

    QStringList attacks() const { return m_attacks; }
    QStringList tiers() const { return m_tiers; }
    VerdictCounts counts(const QString& tier) const;
    const sandbench::AttackOutcome* outcome(int row, int column) const;
    // Every filled cell, grouped by tier in column order and in row order within a tier, as the CLI lists a
    // lab run.
    std::vector<sandbench::AttackOutcome> outcomes() const;
    bool hasOutcomes() const;

    // The colours a verdict is shown in, readable whatever the palette (the text colour is set with them).
    static QColor background(sandbench::Verdict verdict);
    static QColor foreground(sandbench::Verdict verdict);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    QStringList m_attacks;
    QStringList m_tiers;
    QSet<QString> m_controlTiers;
    std::vector<std::optional<sandbench::AttackOutcome>> m_cells; // row-major
};
