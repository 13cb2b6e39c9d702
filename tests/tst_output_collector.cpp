#include "core/output_collector.h"

#include <QTest>

using namespace sandbench;

class TestOutputCollector : public QObject {
    Q_OBJECT

private slots:
    void cap_data();
    void cap();
    void streamsAreCappedSeparately();
    void binaryBytesPassThrough();
};

void TestOutputCollector::cap_data() {
    QTest::addColumn<int>("cap");
    QTest::addColumn<QByteArrayList>("chunks");
    QTest::addColumn<QByteArray>("kept");
    QTest::addColumn<bool>("truncated");

    const QByteArray marker = kOutputTruncatedMarker;
    QTest::newRow("under the cap") << 10 << QByteArrayList{"abc", "def"} << QByteArray("abcdef") << false;
    QTest::newRow("exactly the cap") << 6 << QByteArrayList{"abc", "def"} << QByteArray("abcdef") << false;
    QTest::newRow("cut inside a chunk")
        << 5 << QByteArrayList{"abc", "def"} << QByteArray("abcde") + marker << true;
    QTest::newRow("cap reached, then more")
        << 3 << QByteArrayList{"abc", "d", "efgh"} << QByteArray("abc") + marker << true;
    QTest::newRow("one huge chunk") << 4 << QByteArrayList{QByteArray(100000, 'x')}
                                    << QByteArray(4, 'x') + marker << true;
    QTest::newRow("empty chunks") << 4 << QByteArrayList{"", "ab", ""} << QByteArray("ab") << false;
}

void TestOutputCollector::cap() {
    QFETCH(int, cap);
    QFETCH(QByteArrayList, chunks);
    QFETCH(QByteArray, kept);
    QFETCH(bool, truncated);

    std::string sinkSaw;
    int sinkCalls = 0;
    const OutputSink sink = [&](Stream stream, std::string_view bytes) {
        QCOMPARE(stream, Stream::Stdout);
        QVERIFY(!bytes.empty());
        sinkSaw.append(bytes);
        ++sinkCalls;
    };
    OutputCollector collector(cap, sink);
    for (const QByteArray& chunk : chunks)
        collector.append(Stream::Stdout, std::string_view(chunk.constData(), std::size_t(chunk.size())));
    RunResult result;
    collector.finish(result);

    QCOMPARE(QByteArray::fromStdString(result.stdoutBytes), kept);
    QCOMPARE(result.stdoutTruncated, truncated);
    QVERIFY(!result.stderrTruncated);
    // The sink sees exactly what is kept, live: never a dropped byte, never anything twice.
    QCOMPARE(QByteArray::fromStdString(sinkSaw), kept);
    QVERIFY(sinkCalls <= chunks.size() + 1);
}

void TestOutputCollector::streamsAreCappedSeparately() {
    std::string out, err;
    const OutputSink sink = [&](Stream stream, std::string_view bytes) {
        (stream == Stream::Stdout ? out : err).append(bytes);
    };
    OutputCollector collector(4, sink);
    collector.append(Stream::Stdout, "0123456789");
    collector.append(Stream::Stderr, "ab");
    collector.append(Stream::Stderr, "cd");
    RunResult result;
    collector.finish(result);
    QCOMPARE(result.stdoutBytes, std::string("0123") + kOutputTruncatedMarker);
    QVERIFY(result.stdoutTruncated);
    QCOMPARE(result.stderrBytes, std::string("abcd"));
    QVERIFY(!result.stderrTruncated);
    QCOMPARE(out, result.stdoutBytes);
    QCOMPARE(err, result.stderrBytes);
}

void TestOutputCollector::binaryBytesPassThrough() {
    std::string every;
    for (int value = 0; value < 256; ++value)
        every.push_back(static_cast<char>(value));
    std::string sinkSaw;
    const OutputSink sink = [&](Stream, std::string_view bytes) { sinkSaw.append(bytes); };
    OutputCollector collector(1000, sink);
    collector.append(Stream::Stdout, every.substr(0, 100)); // NULs and invalid UTF-8, split anywhere
    collector.append(Stream::Stdout, every.substr(100));
    RunResult result;
    collector.finish(result);
    QCOMPARE(result.stdoutBytes.size(), std::size_t(256));
    QVERIFY(result.stdoutBytes == every);
    QVERIFY(sinkSaw == every);
}

QTEST_GUILESS_MAIN(TestOutputCollector)
#include "tst_output_collector.moc"
