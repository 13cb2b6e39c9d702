#pragma once

#include "core/attack_lab.h"
#include "core/verdict_matrix.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QSet>
#include <QStringList>
#include <QStyledItemDelegate>
#include <vector>

// The Attack Lab matrix: one row per attack (in suite order), one column per tier. A cell shows the
// verdict, whether an ALLOWED was expected, the layer that decided and the seconds the attack took
// ("BLOCKED · seccomp 0.4 s", "ALLOWED (expected) 0.1 s"), coloured by its sandbench::CellKind (a control
// cell whose attack cannot work on this machine is grey, "not possible here", and names no layer); a cell
// whose run left something behind is a failure whatever its verdict and says so ("⚠ leftovers", a framed
// cell). The tooltip has the layer, leftovers and evidence. A cell is empty until that attack has finished on
// that tier.
class AttackMatrixModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Roles {
        VerdictRole = Qt::UserRole, // QString: "BLOCKED", "ALLOWED" or "ERROR"
        EvidenceRole,               // QString
        SecondsRole,                // double
        OutcomeRole,                // sandbench::AttackOutcome, the whole of it
        KindRole,                   // int: sandbench::CellKind
        ExpectedRole,               // bool: the attack's metadata expects this tier to let it through
        LayerRole,                  // QString: layerText(), "seccomp: ptrace (inferred)"
        LeftoversRole,              // QStringList: what the run left behind
        FailureRole,                // bool: an unexpected ALLOWED or leftovers
    };

    explicit AttackMatrixModel(QObject* parent = nullptr);

    // Both reset the model and forget every outcome.
    void setSuite(const QStringList& attackNames);
    // `controlTiers` are labelled as the control (no isolation) in the header.
    void setTiers(const QStringList& tierNames, const QSet<QString>& controlTiers = {});
    void clearOutcomes();
    // Compact cells, for the presentation mode: one line each, the verdict and the layer only (the seconds
    // go to the tooltip, leftovers follow on the same line).
    void setCompact(bool compact);
    bool isCompact() const { return m_compact; }
    // Fills the cell of (outcome.attack, tier); false (and nothing changes) when either is unknown.
    bool addOutcome(const QString& tier, const sandbench::AttackOutcome& outcome);

    QStringList attacks() const { return m_attacks; }
    QStringList tiers() const { return m_tiers; }
    bool isControl(const QString& tier) const { return m_controlTiers.contains(tier); }
    sandbench::VerdictCounts counts(const QString& tier) const;
    const sandbench::AttackOutcome* outcome(int row, int column) const;
    // Every filled cell, grouped by tier in column order and in row order within a tier, as the CLI lists a
    // lab run.
    std::vector<sandbench::AttackOutcome> outcomes() const;
    bool hasOutcomes() const;

    // "seccomp: ptrace", with " (inferred)" when the judge inferred it; "none" for an ALLOWED; empty when no
    // layer is known (an ERROR, a file from before layers).
    static QString layerText(const sandbench::AttackOutcome& outcome);
    // "ALLOWED (expected)", "BLOCKED", …: the verdict as the legend names it.
    static QString kindName(sandbench::CellKind kind);

    // The colours a cell is drawn in, readable whatever the palette: each background comes with its own
    // text colour (contrast at least 4.5:1). A cell with leftovers gets a frame striped in leftoversFrame()
    // and black, which shows on every background.
    static QColor background(sandbench::CellKind kind);
    static QColor foreground(sandbench::CellKind kind);
    static QColor leftoversFrame();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    QStringList m_attacks;
    QStringList m_tiers;
    QSet<QString> m_controlTiers;
    sandbench::VerdictMatrix m_cells; // [attack][tier]
    bool m_compact = false;
};

// Draws the matrix's cells: a selected cell keeps its colour and gets a frame in the palette's highlight,
// and a cell with leftovers gets a yellow and black striped frame (a hazard sign on every cell colour).
class AttackMatrixDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    // The leftovers frame, 4 px wide and centred on `frame`'s edges; for the legend too.
    static void paintLeftoversFrame(QPainter* painter, const QRect& frame);
};
