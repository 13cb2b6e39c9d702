#pragma once

#include "core/policy.h"
#include "core/run_result.h"

#include <QDateTime>
#include <QString>
#include <vector>

// One run as the workbench remembers it: what ran, where, under which policy, and what came of it.
struct HistoryEntry {
    QDateTime when;
    QString tier;
    QString code;
    sandbench::Policy policy;
    sandbench::RunResult result;
};

// The run history, kept as JSON in the application's data folder and written atomically. A file that
// cannot be read is never overwritten: it is moved aside and the problem reported, so nothing is lost.
class RunHistory {
public:
    // Bounded so that saving stays quick on the GUI thread: a history is for finding a run again, not for
    // keeping megabytes of its output (export the run itself for that).
    static constexpr std::size_t kMaximumEntries = 100;
    static constexpr std::size_t kKeptOutputBytes = 8192;

    explicit RunHistory(QString path);

    // Loads the file; on a malformed one, moves it to <path>.unreadable-<time> and returns the reason.
    QString load();
    // Appends and saves; returns an error text, empty on success.
    QString add(HistoryEntry entry);
    QString exportTo(const QString& path) const;

    const std::vector<HistoryEntry>& entries() const { return m_entries; }
    const QString& path() const { return m_path; }

    // The default location: <AppDataLocation>/history.json.
    static QString defaultPath();

private:
    QString writeTo(const QString& path) const;

    QString m_path;
    std::vector<HistoryEntry> m_entries;
};
