#pragma once

#include <QWidget>

// The Attack Lab matrix's legend: each kind of cell as a swatch drawn as the delegate draws it, the
// leftovers frame, and what each means (as tooltips too).
class MatrixLegend : public QWidget {
    Q_OBJECT

public:
    explicit MatrixLegend(QWidget* parent = nullptr);
};
