#pragma once

#include <QLayout>
#include <QList>

// Lays its items out left to right and wraps them onto the next line when the width runs out, like words
// in a paragraph: a row of labels that must never make its window wider (the Attack Lab's legend, in any
// language and at any text size). Its minimum width is its widest item; its height follows its width.
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr, int horizontalSpacing = -1, int verticalSpacing = -1);
    ~FlowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override;
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

    int horizontalSpacing() const;
    int verticalSpacing() const;
    void setHorizontalSpacing(int spacing); // -1: the style's

private:
    // Places the items in `rect` (only measures when `apply` is false); returns the height used.
    int layOut(const QRect& rect, bool apply) const;

    QList<QLayoutItem*> m_items;
    int m_horizontalSpacing;
    int m_verticalSpacing;
};
