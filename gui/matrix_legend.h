#pragma once

#include "core/verdict_matrix.h"

#include <QList>
#include <QWidget>
#include <optional>

class QLabel;

// The Attack Lab matrix's legend: each kind of cell as a swatch drawn as the delegate draws it, the
// leftovers frame, and what each means (as tooltips too). Its entries wrap onto more lines rather than
// widen the window, and its swatches follow its font's size (the Lab's zoom).
class MatrixLegend : public QWidget {
    Q_OBJECT

public:
    explicit MatrixLegend(QWidget* parent = nullptr);

protected:
    void changeEvent(QEvent* event) override;

private:
    void drawSwatches();

    struct Swatch {
        std::optional<sandbench::CellKind> kind; // none: the leftovers frame alone
        QLabel* icon;
    };
    QList<Swatch> m_swatches;
};
