#include "run_history.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>
#include <nlohmann/json.hpp>

using namespace sandbench;
using nlohmann::json;

namespace {

json toJson(const HistoryEntry& entry) {
    return {{"when", entry.when.toString(Qt::ISODateWithMs).toStdString()},
            {"tier", entry.tier.toStdString()},
            {"code", entry.code.toStdString()},
            {"policy", json::parse(entry.policy.toJson())},
            {"result", json::parse(entry.result.toJson())}};
}

// The result as RunResult::toJson wrote it (text fields already valid UTF-8).
RunResult resultFromJson(const json& object) {
    RunResult result;
    result.backend = object.value("backend", "");
    result.stdoutBytes = object.value("stdout", "");
    result.stderrBytes = object.value("stderr", "");
    result.stdoutTruncated = object.value("stdout_truncated", false);
    result.stderrTruncated = object.value("stderr_truncated", false);
    if (object.contains("exit_code") && object["exit_code"].is_number_integer())
        result.exitCode = object["exit_code"].get<int>();
    if (object.contains("signal") && object["signal"].is_number_integer())
        result.termSignal = object["signal"].get<int>();
    result.timedOut = object.value("timed_out", false);
    result.wallSeconds = object.value("wall_seconds", 0.0);
    result.warmStart = object.value("warm_start", false);
    result.cpuSeconds = object.value("cpu_seconds", 0.0);
    if (object.contains("peak_memory_kb") && object["peak_memory_kb"].is_number_integer())
        result.peakMemoryKb = object["peak_memory_kb"].get<std::int64_t>();
    const std::string stoppedBy = object.value("stopped_by", "none");
    for (int reason = 0; reason <= static_cast<int>(StopReason::Cancelled); ++reason) {
        if (toString(static_cast<StopReason>(reason)) == stoppedBy)
            result.stoppedBy = static_cast<StopReason>(reason);
    }
    result.evidence = object.value("evidence", "");
    return result;
}

} // namespace

RunHistory::RunHistory(QString path)
    : m_path(std::move(path)) {}

QString RunHistory::defaultPath() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/history.json");
}

QString RunHistory::load() {
    m_entries.clear();
    QFile file(m_path);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly))
        return QObject::tr("Cannot read the run history %1: %2").arg(m_path, file.errorString());
    std::vector<HistoryEntry> loaded;
    try {
        const json document = json::parse(file.readAll().toStdString());
        for (const json& item : document.at("runs")) {
            HistoryEntry entry;
            entry.when = QDateTime::fromString(QString::fromStdString(item.at("when").get<std::string>()),
                                               Qt::ISODateWithMs);
            entry.tier = QString::fromStdString(item.at("tier").get<std::string>());
            entry.code = QString::fromStdString(item.at("code").get<std::string>());
            entry.policy = Policy::fromJson(item.at("policy").dump());
            entry.result = resultFromJson(item.at("result"));
            loaded.push_back(std::move(entry));
        }
    } catch (const std::exception& error) {
        file.close();
        // Keep the user's data: move it aside rather than overwrite it with a fresh history.
        const QString aside = m_path + QStringLiteral(".unreadable-") +
                              QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
        QFile::rename(m_path, aside);
        return QObject::tr(
                   "The run history %1 could not be read (%2); it was kept as %3 and a new one started.")
            .arg(m_path, QString::fromUtf8(error.what()), aside);
    }
    m_entries = std::move(loaded);
    return {};
}

QString RunHistory::add(HistoryEntry entry) {
    const auto keep = [](std::string& bytes, bool& truncated) {
        if (bytes.size() <= kKeptOutputBytes)
            return;
        bytes.resize(kKeptOutputBytes);
        bytes += kOutputTruncatedMarker;
        truncated = true;
    };
    keep(entry.result.stdoutBytes, entry.result.stdoutTruncated);
    keep(entry.result.stderrBytes, entry.result.stderrTruncated);
    m_entries.push_back(std::move(entry));
    if (m_entries.size() > kMaximumEntries)
        m_entries.erase(m_entries.begin(),
                        m_entries.begin() + static_cast<long>(m_entries.size() - kMaximumEntries));
    return writeTo(m_path);
}

QString RunHistory::exportTo(const QString& path) const {
    return writeTo(path);
}

QString RunHistory::writeTo(const QString& path) const {
    json runs = json::array();
    for (const HistoryEntry& entry : m_entries)
        runs.push_back(toJson(entry));
    const json document{{"format", "sandbench-history"}, {"version", 1}, {"runs", runs}};
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
    const std::string text = document.dump(2, ' ', false, json::error_handler_t::replace);
    file.write(text.data(), static_cast<qint64>(text.size()));
    if (!file.commit())
        return QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}
