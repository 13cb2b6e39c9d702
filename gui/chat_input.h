#pragma once

#include <QPlainTextEdit>

// The agent chat's input box: Enter (or the keypad's Enter) submits, Shift+Enter inserts a newline, as in
// other chat programs. Everything else is a plain-text editor.
class ChatInput : public QPlainTextEdit {
    Q_OBJECT

public:
    explicit ChatInput(QWidget* parent = nullptr);

    QSize sizeHint() const override; // about four lines

Q_SIGNALS:
    void submitted();

protected:
    void keyPressEvent(QKeyEvent* event) override;
};
