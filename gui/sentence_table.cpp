#include "sentence_table.h"

#include <QEvent>
#include <QHeaderView>
#include <QResizeEvent>
#include <algorithm>

SentenceTable::SentenceTable(const QString& nameHeader, const QString& sentenceHeader, QWidget* parent)
    : QTableWidget(0, COLUMN_COUNT, parent) {
    setHorizontalHeaderLabels({nameHeader, sentenceHeader});
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    verticalHeader()->hide();
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents); // rows as tall as their text
    // The name as wide as it is (never cut to "h…"); the sentence takes what is left and wraps in it, so
    // nothing scrolls sideways.
    horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(SentenceColumn, QHeaderView::Stretch);
    setWordWrap(true);
    setTextElideMode(Qt::ElideNone);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // Never taller than its rows; the chart above takes what is left.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    setVisible(false); // until there are rows
    updateGeometry();
}

namespace {

QTableWidgetItem* topLeftItem(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignLeft | Qt::AlignTop);
    return item;
}

} // namespace

void SentenceTable::setName(int row, const QString& name) {
    setItem(row, NameColumn, topLeftItem(name));
}

void SentenceTable::setSentence(int row, const QString& sentence) {
    setItem(row, SentenceColumn, topLeftItem(sentence));
    resizeRowToContents(row);
    updateGeometry();
}

QString SentenceTable::sentence(int row) const {
    const QTableWidgetItem* cell = row < 0 ? nullptr : item(row, SentenceColumn);
    return cell ? cell->text() : QString();
}

void SentenceTable::changeEvent(QEvent* event) {
    QTableWidget::changeEvent(event);
    if (event->type() != QEvent::FontChange)
        return;
    for (int row = 0; row < rowCount(); ++row) {
        if (QTableWidgetItem* cell = item(row, SentenceColumn); cell && cell->font().bold()) {
            QFont bold = font();
            bold.setBold(true);
            cell->setFont(bold);
        }
    }
    resizeRowsToContents();
    updateGeometry();
}

int SentenceTable::heightOfRows(int rows) const {
    int height = horizontalHeader()->sizeHint().height() + 2 * frameWidth();
    for (int row = 0; row < std::min(rows, rowCount()); ++row)
        height += rowHeight(row);
    return height;
}

void SentenceTable::resizeEvent(QResizeEvent* event) {
    QTableWidget::resizeEvent(event);
    if (event->oldSize().width() != event->size().width()) {
        resizeRowsToContents(); // the sentences wrap at another width: another height
        updateGeometry();
    }
}

QSize SentenceTable::sizeHint() const {
    return {QTableWidget::sizeHint().width(), heightOfRows(rowCount())};
}

QSize SentenceTable::minimumSizeHint() const {
    return {QTableWidget::minimumSizeHint().width(), heightOfRows(rowsAlwaysShown())};
}
