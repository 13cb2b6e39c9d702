#include "core/latency_bench.h"
#include "tiers/host/host_tier.h"

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
    void warmBenchTakesEveryRunFromThePool();
    void warmRunThatStartedColdIsAnError();
    void referenceCommandIsTheBaseline();
};

namespace {

// The host tier with a pretend pool, to test the bench's own bookkeeping: every run is marked warm while the
// pool is on (unless told to lie), and the reference is an interpreter reading print(1) on stdin.
class PooledHost : public HostTier {
public:
    bool coldDespitePool = false;
    bool withReference = false;
    int poolSize = 0;
    int waits = 0;
    int settles = 0;

    bool hasWarmPool() const override { return true; }
    void setWarmPoolSize(int size) override { poolSize = size; }
    bool waitUntilWarm(const RunRequest&, std::stop_token) override {
        ++waits;
        return poolSize > 0;
    }
    void settle() override { ++settles; }
    std::vector<std::string> referenceCommand(const Policy&) const override {
        if (!withReference)
            return {};
        return {"/usr/bin/python3", "-I", "-"};
    }
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override {
        RunResult result = HostTier::run(request, sink, stop);
        result.warmStart = poolSize > 0 && !coldDespitePool;
        return result;
    }
};

} // namespace

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
    HostTier host;
    BenchOptions options;
    options.runs = 3;
    std::vector<std::pair<int, int>> progress;
    const auto report =
        runLatencyBench(host, options, {}, [&](int done, int total) { progress.emplace_back(done, total); });
    QVERIFY(report.has_value());
    QCOMPARE(report->tier, std::string("host"));
    QVERIFY(report->control);
    QCOMPARE(report->mode, std::string("cold"));
    QCOMPARE(report->runs, 3);
    QCOMPARE(report->timed.samplesMs.size(), std::size_t(3));
    QCOMPARE(report->baseline.samplesMs.size(), std::size_t(3));
    QCOMPARE(progress.back(), std::make_pair(3, 3));
    for (const LatencyStats* stats : {&report->timed, &report->baseline}) {
        QVERIFY(stats->minMs > 0);
        QVERIFY(stats->minMs <= stats->p50Ms && stats->p50Ms <= stats->p95Ms && stats->p95Ms <= stats->maxMs);
        QVERIFY(stats->maxMs < 5000);
    }
    QCOMPARE(report->ratio, report->timed.p50Ms / report->baseline.p50Ms);
}

void TestLatencyBench::brokenTierIsAnError() {
    HostTier host;
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
    HostTier host;
    std::stop_source stop;
    stop.request_stop();
    const BenchOptions defaults; // named: GCC 12 -O2 misreads a temporary's map as uninitialised
    QVERIFY(!runLatencyBench(host, defaults, stop.get_token()).has_value());
}

void TestLatencyBench::warmBenchTakesEveryRunFromThePool() {
    PooledHost tier;
    tier.setWarmPoolSize(1);
    BenchOptions options;
    options.runs = 3;
    options.warm = true;
    const auto report = runLatencyBench(tier, options, {});
    QVERIFY(report.has_value());
    QCOMPARE(report->mode, std::string("warm"));
    QCOMPARE(report->timed.samplesMs.size(), std::size_t(3));
    // Before every measurement, tier or baseline, the pool was full and earlier work settled.
    QVERIFY2(tier.waits >= 2 * 3 + 2, std::to_string(tier.waits).c_str());
    QVERIFY(tier.settles >= tier.waits);

    // Without a pool there is nothing warm to measure.
    tier.setWarmPoolSize(0);
    QVERIFY_THROWS_EXCEPTION(BenchError, runLatencyBench(tier, options, {}));
    HostTier noPool;
    QVERIFY_THROWS_EXCEPTION(BenchError, runLatencyBench(noPool, options, {}));
}

void TestLatencyBench::warmRunThatStartedColdIsAnError() {
    PooledHost tier;
    tier.setWarmPoolSize(1);
    tier.coldDespitePool = true;
    BenchOptions options;
    options.runs = 2;
    options.warm = true;
    try {
        runLatencyBench(tier, options, {});
        QFAIL("a cold run was counted as warm");
    } catch (const BenchError& error) {
        QVERIFY2(std::string(error.what()).find("started cold") != std::string::npos, error.what());
    }
}

void TestLatencyBench::referenceCommandIsTheBaseline() {
    PooledHost tier;
    tier.withReference = true;
    BenchOptions options;
    options.runs = 2;
    const auto report = runLatencyBench(tier, options, {});
    QVERIFY(report.has_value());
    QCOMPARE(report->baselineCommand, std::string("/usr/bin/python3 -I -"));
    QCOMPARE(report->baseline.samplesMs.size(), std::size_t(2));
    // A reference that does not print 1 is an error, not a fast baseline.
    QVERIFY_THROWS_EXCEPTION(BenchError, timeReferenceCommandMs({"/bin/cat"}));
    QVERIFY(timeReferenceCommandMs({"/usr/bin/python3", "-I", "-"}) > 0);
}

QTEST_GUILESS_MAIN(TestLatencyBench)
#include "tst_latency_bench.moc"
