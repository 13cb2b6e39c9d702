#pragma once

#include <QTableWidget>

// A small table of one short name and one sentence per row, for the Lab's side panes (the verdict counts,
// the bench's numbers): the name as wide as it is, the sentence wrapping in what is left, so nothing is cut
// and nothing scrolls sideways; never taller than its rows, and hidden while it has none.
class SentenceTable : public QTableWidget {
    Q_OBJECT

public:
    enum Columns { NameColumn, SentenceColumn, COLUMN_COUNT };

    SentenceTable(const QString& nameHeader, const QString& sentenceHeader, QWidget* parent = nullptr);

    // The name and the sentence of row `row`, which must exist.
    void setName(int row, const QString& name);
    void setSentence(int row, const QString& sentence);
    QString sentence(int row) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override; // a new font (the Lab's zoom): bold cells and rows follow
    void resizeEvent(QResizeEvent* event) override;
    // The height of the header and the first `rows` rows.
    int heightOfRows(int rows) const;
    // Rows the table keeps room for before it scrolls (its minimum size).
    virtual int rowsAlwaysShown() const { return 2; }
};
