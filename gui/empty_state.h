#pragma once

#include <QLabel>

class QAbstractItemView;

// A line of text centred on an item view while its model has no rows or no columns ("Check the tiers and
// press Run suite…"), so an empty view says what will be there instead of looking broken.
class EmptyStateLabel : public QLabel {
    Q_OBJECT

public:
    EmptyStateLabel(QAbstractItemView* view, const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void follow();

    QAbstractItemView* m_view;
};
