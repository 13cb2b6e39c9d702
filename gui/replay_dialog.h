#pragma once

#include "comparison_controller.h"

#include <QDialog>
#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

// "Replay on tier…": every run_python call of a saved agent session run again on another tier, without
// the model, under the session's policy (core/agent/session_replay.h), and, call by call, where the
// result differs from the one the session recorded: how it ended, what stopped it, the output lines. A
// differing call's row is highlighted and marked with ≠; choosing a row shows its differing lines. The
// host control is not offered: a model's programs never run without isolation.
class ReplayDialog : public QDialog {
    Q_OBJECT

public:
    using Tiers = ComparisonController::Tiers;
    using ProbeResults = std::vector<std::pair<std::string, sandbench::ProbeResult>>;

    ReplayDialog(sandbench::agent::Transcript transcript, Tiers tiers, const ProbeResults& probes,
                 QWidget* parent = nullptr);

    void setTier(const QString& name);
    bool start();
    void stop();
    bool isRunning() const { return m_controller->isRunning(); }

    enum Column { Call, Code, Original, Replayed, Differs, COLUMN_COUNT };

    // For tests.
    QComboBox* tierChoice() const { return m_tier; }
    QTableWidget* calls() const { return m_calls; }
    QPlainTextEdit* details() const { return m_details; }
    QPushButton* replayButton() const { return m_replay; }
    QPushButton* stopButton() const { return m_stop; }
    QString statusText() const;
    const std::optional<sandbench::agent::SessionReplay>& replay() const { return m_result; }

Q_SIGNALS:
    void replayFinished();

private:
    void showReplay();
    void showDetails(int row);
    void updateState();

    sandbench::agent::Transcript m_transcript;
    Tiers m_tiers;
    ComparisonController* m_controller;
    QComboBox* m_tier;
    QPushButton* m_replay;
    QPushButton* m_stop;
    QLabel* m_status;
    QTableWidget* m_calls;
    QPlainTextEdit* m_details;
    std::optional<sandbench::agent::SessionReplay> m_result;
};
