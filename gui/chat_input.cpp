#include "chat_input.h"

#include <QKeyEvent>

ChatInput::ChatInput(QWidget* parent)
    : QPlainTextEdit(parent) {
    setTabChangesFocus(true); // Tab moves on to Send, as in a form
    setPlaceholderText(tr("Describe a task for the model. Enter sends, Shift+Enter starts a new line."));
}

QSize ChatInput::sizeHint() const {
    const int frame = 2 * frameWidth();
    const auto margin = static_cast<int>(2 * document()->documentMargin());
    return {QPlainTextEdit::sizeHint().width(), 4 * fontMetrics().lineSpacing() + frame + margin};
}

void ChatInput::keyPressEvent(QKeyEvent* event) {
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter && (event->modifiers() & Qt::ShiftModifier)) {
        insertPlainText(QStringLiteral("\n")); // a plain newline, not the line separator Qt would insert
        event->accept();
        return;
    }
    const Qt::KeyboardModifiers others = event->modifiers() & ~Qt::KeypadModifier;
    if (enter && others == Qt::NoModifier) {
        event->accept();
        Q_EMIT submitted();
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}
