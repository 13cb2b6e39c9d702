#include "backends/host/host_backend.h"
#include "core/latency_bench.h"

#include <QTest>

using namespace sandbench;

class TestLatencyBench : public QObject {
    Q_OBJECT

private slots:
    void percentiles_data();
    void percentiles();
    void benchOnHost();
    void brokenTierIsAnError();
    void cancelledBenchReportsNothing();
};

void TestLatencyBench::percentiles_data() {
    QTest::addColumn<QList<double>>("samples");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("expected");

    QTest::newRow("empty") << QList<double>{} << 50.0 << 0.0;
    QTest::newRow("one sample") << QList<double>{7} << 95.0 << 7.0;
    QTest::newRow("odd median, unsorted") << QList<double>{30, 10, 20} << 50.0 << 20.0;
    QTest::newRow("even median is the middle mean") << QList<double>{4, 1, 3, 2} << 50.0 << 2.5;
    QTest::newRow("p95 interpolates")
        << QList<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21} << 95.0
        << 20.0;
    QTest::newRow("p95 between ranks") << QList<double>{10, 20} << 95.0 << 19.5;
    QTest::newRow("p0 is the minimum") << QList<double>{5, 3, 9} << 0.0 << 3.0;
    QTest::newRow("p100 is the maximum") << QList<double>{5, 3, 9} << 100.0 << 9.0;
}

void TestLatencyBench::percentiles() {
    QFETCH(QList<double>, samples);
    QFETCH(double, p);
    QFETCH(double, expected);
    QCOMPARE(percentile(std::vector<double>(samples.begin(), samples.end()), p), expected);
}

void TestLatencyBench::benchOnHost() {
    HostBackend host;
    BenchOptions options;
    options.runs = 3;
    std::vector<std::pair<int, int>> progress;
    const auto report =
        runLatencyBench(host, options, {}, [&](int done, int total) { progress.emplace_back(done, total); });
    QVERIFY(report.has_value());
    QCOMPARE(report->backend, std::string("host"));
    QVERIFY(report->control);
    QCOMPARE(report->mode, std::string("cold"));
    QCOMPARE(report->runs, 3);
    QCOMPARE(report->tier.samplesMs.size(), std::size_t(3));
    QCOMPARE(report->baseline.samplesMs.size(), std::size_t(3));
    QCOMPARE(progress.back(), std::make_pair(3, 3));
    for (const LatencyStats* stats : {&report->tier, &report->baseline}) {
        QVERIFY(stats->minMs > 0);
        QVERIFY(stats->minMs <= stats->p50Ms && stats->p50Ms <= stats->p95Ms && stats->p95Ms <= stats->maxMs);
        QVERIFY(stats->maxMs < 5000);
    }
    QCOMPARE(report->ratio, report->tier.p50Ms / report->baseline.p50Ms);
}

void TestLatencyBench::brokenTierIsAnError() {
    HostBackend host;
    BenchOptions options;
    options.runs = 1;
    options.interpreter = {"/nonexistent/python3"};
    QVERIFY_THROWS_EXCEPTION(BenchError, runLatencyBench(host, options, {}));

    options.interpreter = RunRequest{}.interpreter;
    options.baselineInterpreter = "/nonexistent/python3";
    QVERIFY_THROWS_EXCEPTION(BenchError, runLatencyBench(host, options, {}));
    QVERIFY_THROWS_EXCEPTION(BenchError, timeBareInterpreterMs("/bin/false", {}));
}

void TestLatencyBench::cancelledBenchReportsNothing() {
    HostBackend host;
    std::stop_source stop;
    stop.request_stop();
    const BenchOptions defaults; // named: GCC 12 -O2 misreads a temporary's map as uninitialised
    QVERIFY(!runLatencyBench(host, defaults, stop.get_token()).has_value());
}

QTEST_GUILESS_MAIN(TestLatencyBench)
#include "tst_latency_bench.moc"
