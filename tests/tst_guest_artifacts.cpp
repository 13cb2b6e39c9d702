// The microVM's artifacts channel, read without a VM: what a well-behaved guest sends comes back whole, and
// what a misbehaving one sends (sizes past the caps, a flood of bytes, overlong or malformed records, a
// stream cut short) is refused or named, never kept beyond the policy's caps.

#include "tiers/microvm/guest_artifacts.h"

#include <QTest>

using namespace sandbench;

namespace {

std::string record(const std::string& text) {
    return text + std::string(1, '\0');
}

std::string droppedText(const RunResult& result) {
    std::string text;
    for (const std::string& line : result.artifactsDropped)
        text += line + "\n";
    return text;
}

} // namespace

class TestGuestArtifacts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Fed a byte at a time, so no record or file relies on arriving in one read.
    void wellFormedStreamComesBackWhole() {
        Policy policy;
        ArtifactCollector collector(policy);
        GuestArtifactStream stream(collector);
        const std::string sent = record("drop link passwd") + record("file 8 a b\nc.csv") + "x,y\n1,2\n" +
                                 record("file 0 empty") + record("over 2000000000 huge") + record("more 3") +
                                 record("end") + "ignored after the end";
        for (const char byte : sent)
            stream.feed(std::string_view(&byte, 1));
        stream.finish(true);
        RunResult result;
        collector.finish(result);
        QCOMPARE(result.artifacts.size(), std::size_t(2));
        QCOMPARE(result.artifacts[0].name, std::string("a b_c.csv")); // the newline sanitised
        QCOMPARE(result.artifacts[0].bytes, std::string("x,y\n1,2\n"));
        QCOMPARE(result.artifacts[0].type, std::string("text/csv"));
        QCOMPARE(result.artifacts[1].size, std::int64_t(0));
        const std::string dropped = droppedText(result);
        QVERIFY2(dropped.find("passwd: a symbolic link, not followed") != std::string::npos, dropped.c_str());
        QVERIFY2(dropped.find("huge: ") != std::string::npos &&
                     dropped.find("artifacts_mb") != std::string::npos,
                 dropped.c_str());
        QVERIFY2(dropped.find("3 files beyond those listed") != std::string::npos, dropped.c_str());
        QVERIFY(stream.complete());
    }

    // A guest that claims or sends more than the caps gets none of it kept: the bytes of a file the host did
    // not admit are counted past, and the count cap holds even when the guest ignores it.
    void capsHoldWhateverTheGuestSends() {
        Policy policy;
        policy.artifactsMax = 1;
        policy.artifactsMb = 1;
        ArtifactCollector collector(policy);
        GuestArtifactStream stream(collector);
        const std::string big(2 << 20, 'B');
        stream.feed(record("file " + std::to_string(big.size()) + " big") + big);
        stream.feed(record("file 3 first") + "one");
        stream.feed(record("file 3 second") + "two");
        stream.feed(record("end"));
        stream.finish(true);
        RunResult result;
        collector.finish(result);
        QCOMPARE(result.artifacts.size(), std::size_t(1));
        QCOMPARE(result.artifacts[0].name, std::string("first"));
        const std::string dropped = droppedText(result);
        QVERIFY2(dropped.find("big: 2.0 MB") != std::string::npos, dropped.c_str());
        QVERIFY2(dropped.find("second: past the policy's cap of 1 artifacts") != std::string::npos,
                 dropped.c_str());
    }

    void malformedStreamsEndTheReading_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("named");
        QTest::newRow("overlong record") << QByteArray(std::string(4096, 'f').c_str()) << "longer than any";
        QTest::newRow("unknown word") << QByteArray("status exit 0", 14) << "does not parse";
        QTest::newRow("negative size") << QByteArray("file -5 x", 10) << "does not parse";
        QTest::newRow("size not a number") << QByteArray("file 12abc x", 13) << "does not parse";
        QTest::newRow("unknown kind") << QByteArray("drop device x", 14) << "does not parse";
        QTest::newRow("no name") << QByteArray("file 3", 7) << "does not parse";
    }
    void malformedStreamsEndTheReading() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, named);
        Policy policy;
        ArtifactCollector collector(policy);
        GuestArtifactStream stream(collector);
        stream.feed(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        stream.feed(record("file 2 after") + "ok" + record("end")); // nothing after a broken record
        stream.finish(true);
        RunResult result;
        collector.finish(result);
        QVERIFY(result.artifacts.empty());
        const std::string dropped = droppedText(result);
        QVERIFY2(dropped.find(named.toStdString()) != std::string::npos, dropped.c_str());
    }

    // The VM ended mid-file or before the end: said so, and the partial file is not kept.
    void cutStreamsAreNamed() {
        Policy policy;
        ArtifactCollector collector(policy);
        GuestArtifactStream stream(collector);
        stream.feed(record("file 10 partial") + "abc");
        stream.finish(true);
        RunResult result;
        collector.finish(result);
        QVERIFY(result.artifacts.empty());
        QVERIFY2(droppedText(result).find("partial: cut short") != std::string::npos,
                 droppedText(result).c_str());

        ArtifactCollector early(policy);
        GuestArtifactStream unfinished(early);
        unfinished.feed(record("file 1 done") + "x");
        unfinished.finish(true);
        RunResult second;
        early.finish(second);
        QCOMPARE(second.artifacts.size(), std::size_t(1));
        QVERIFY2(droppedText(second).find("before the guest had sent every artifact") != std::string::npos,
                 droppedText(second).c_str());
    }
};

QTEST_GUILESS_MAIN(TestGuestArtifacts)
#include "tst_guest_artifacts.moc"
