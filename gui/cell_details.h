#pragma once

#include "core/attack_lab.h"
#include "core/attack_suite.h"

#include <QTabWidget>

class QPlainTextEdit;

// The Attack Lab's detail pane for one cell of the matrix: the verdict with whether it was expected, the
// deciding layer, leftovers and the evidence; the attack's code; the run's full stdout and stderr.
class CellDetails : public QTabWidget {
    Q_OBJECT

public:
    explicit CellDetails(QWidget* parent = nullptr);

    // `attack` may be null (a re-opened run has no code), `outcome` too (the cell has not finished).
    void show(const sandbench::Attack* attack, const sandbench::AttackOutcome* outcome);
    // "evidence", "code", "stdout" or "stderr": what that tab shows.
    QString text(const QString& part) const;

protected:
    void changeEvent(QEvent* event) override; // the Lab's zoom: the monospace tabs follow

private:
    QPlainTextEdit* m_evidence;
    QPlainTextEdit* m_code;
    QPlainTextEdit* m_stdout;
    QPlainTextEdit* m_stderr;
};
