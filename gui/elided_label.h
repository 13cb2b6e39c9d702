#pragma once

#include <QLabel>

// A one-line label whose text never widens its window: it shows as much of the text as its width allows,
// ending in "…", and the whole text in its tooltip. For status lines that grow with their content (a lab
// run's counts per tier, a tier's state), which a plain QLabel would make as wide as they are long.
class ElidedLabel : public QLabel {
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setFullText(const QString& text);
    const QString& fullText() const { return m_fullText; }

    QSize sizeHint() const override;        // the whole text, for layouts with room to spare
    QSize minimumSizeHint() const override; // an ellipsis: no text forces a size on the layout

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void showElided();

    QString m_fullText;
};
