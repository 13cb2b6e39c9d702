#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QToolButton;

// What a tier's probe says, as the Tier and policy pane shows it: its one-line notes (or why it cannot run)
// always, and the raw text a tool printed behind them (ProbeResult::details: QEMU's assertion, an engine's
// complaint) only after a click on "Details", in a small scrolling box. Shown in full, that text pushed the
// fields below it off a 1280×720 screen.
class ProbeNotesView : public QWidget {
    Q_OBJECT

public:
    explicit ProbeNotesView(QWidget* parent = nullptr);

    // `details` empty: no Details button. New notes fold the details away again.
    void setProbe(const QString& notes, const QString& details);
    QString notes() const;
    QString details() const;
    bool detailsShown() const;
    QToolButton* detailsButton() const { return m_toggle; }

private:
    QLabel* m_notes;
    QToolButton* m_toggle;
    QPlainTextEdit* m_details;
};
