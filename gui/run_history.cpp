#include "run_history.h"

#include "core/lab_run.h"

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
            {"result", json(entry.result)}};
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
            // Histories written before "tier" name it "backend".
            entry.tier = QString::fromStdString(
                item.at(item.contains("tier") ? "tier" : "backend").get<std::string>());
            entry.code = QString::fromStdString(item.at("code").get<std::string>());
            entry.policy = Policy::fromJson(item.at("policy").dump());
            entry.result = item.at("result").get<RunResult>();
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
    const std::string text = dumpJson(document);
    file.write(text.data(), static_cast<qint64>(text.size()));
    if (!file.commit())
        return QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}
