// sandbench-bench-chart BENCH.json FOLDER: draws `sandbench-cli bench --json` output as the Attack Lab's
// Bench charts do and saves them as latency.png (print(1), each tier against its own reference) and, when
// the bench had other workloads, workloads.png (tier × workload, ratio to the bare host): README's
// pictures come from measured rows, through the same chart code the workbench shows.

#include "lab_charts.h"

#include <QApplication>
#include <QFile>
#include <QTextStream>
#include <nlohmann/json.hpp>

using namespace sandbench;

namespace {

LatencyStats statsFrom(const nlohmann::json& samples) {
    return LatencyStats::from(samples.is_array() ? samples.get<std::vector<double>>()
                                                 : std::vector<double>{});
}

LatencyReport reportFrom(const nlohmann::json& row) {
    LatencyReport report;
    report.tier = row.at("tier").get<std::string>();
    report.mode = row.at("mode").get<std::string>();
    report.runs = row.at("runs").get<int>();
    report.workload = row.value("workload", std::string("print"));
    report.workloadFile = row.value("workload_file", std::string());
    report.baselineCommand = row.at("baseline").get<std::string>();
    report.timed = statsFrom(row.at("samples_ms"));
    report.baseline = statsFrom(row.at("baseline_samples_ms"));
    report.ratio = row.at("ratio").is_number() ? row.at("ratio").get<double>() : 0;
    report.hostCommand = row.value("host_baseline", report.baselineCommand);
    report.host = row.contains("host_samples_ms") ? statsFrom(row.at("host_samples_ms")) : report.baseline;
    report.hostRatio = row.value("host_ratio", report.ratio);
    return report;
}

} // namespace

int main(int argc, char** argv) {
    QApplication application(argc, argv);
    if (argc != 3) {
        QTextStream(stderr) << "Usage: sandbench-bench-chart BENCH.json FOLDER\n";
        return 2;
    }
    QFile file(QString::fromLocal8Bit(argv[1]));
    if (!file.open(QIODevice::ReadOnly)) {
        QTextStream(stderr) << "cannot read " << file.fileName() << ": " << file.errorString() << '\n';
        return 1;
    }
    const nlohmann::json rows = nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
    if (!rows.is_array()) {
        QTextStream(stderr) << file.fileName()
                            << " is not the JSON array `sandbench-cli bench --json` writes\n";
        return 1;
    }
    LatencyChart latency;
    WorkloadChart workloads;
    latency.resize(1200, 620);
    workloads.resize(1200, 620);
    bool otherWorkloads = false;
    for (const nlohmann::json& row : rows) {
        const LatencyReport report = reportFrom(row);
        latency.addReport(QString::fromStdString(report.tier), report);
        workloads.addReport(QString::fromStdString(report.tier), report);
        otherWorkloads = otherWorkloads || report.workload != printWorkload().name;
    }
    const QString folder = QString::fromLocal8Bit(argv[2]);
    QString error;
    if (latency.rowCount() > 0 && !saveChartPng(&latency, folder + "/bench-latency.png", 1200, &error)) {
        QTextStream(stderr) << error << '\n';
        return 1;
    }
    if (otherWorkloads && !saveChartPng(&workloads, folder + "/bench-workloads.png", 1200, &error)) {
        QTextStream(stderr) << error << '\n';
        return 1;
    }
    return 0;
}
