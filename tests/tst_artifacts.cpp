// The engine's side of inputs and artifacts, without a sandbox: names made safe, types from the bytes,
// the caps and their wording, the host-side collection that follows no link, and the checks that refuse an
// input (missing, oversized, a link leading out of its folder).

#include "core/artifacts.h"
#include "core/input_files.h"

#include <QTemporaryDir>
#include <QTest>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace sandbench;

namespace {

void writeWhole(const QString& path, const std::string& bytes) {
    std::ofstream file(path.toStdString(), std::ios::binary);
    file << bytes;
}

} // namespace

class TestArtifacts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sanitisedNames_data() {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QByteArray>("safe");
        QTest::newRow("plain") << QByteArray("chart.png") << QByteArray("chart.png");
        QTest::newRow("path") << QByteArray("../../etc/passwd") << QByteArray("_._.._etc_passwd");
        QTest::newRow("escape sequence") << QByteArray("a\x1b[31mred") << QByteArray("a_[31mred");
        QTest::newRow("newline") << QByteArray("two\nlines") << QByteArray("two_lines");
        QTest::newRow("C1 CSI") << QByteArray("x\xc2\x9by") << QByteArray("x_y");
        QTest::newRow("bidi override") << QByteArray("gpj.\xe2\x80\xae"
                                                     "exe")
                                       << QByteArray("gpj._exe");
        QTest::newRow("not UTF-8") << QByteArray("caf\xe9"
                                                 "")
                                   << QByteArray("caf_");
        QTest::newRow("hidden") << QByteArray(".bashrc") << QByteArray("_bashrc");
        QTest::newRow("dot dot") << QByteArray("..") << QByteArray("_.");
        QTest::newRow("empty") << QByteArray("") << QByteArray("artifact");
        QTest::newRow("backslash") << QByteArray("a\\b") << QByteArray("a_b");
        QTest::newRow("unicode kept")
            << QByteArray("Grafik-\xc3\xa4.png") << QByteArray("Grafik-\xc3\xa4.png");
    }
    void sanitisedNames() {
        QFETCH(QByteArray, raw);
        QFETCH(QByteArray, safe);
        QCOMPARE(QByteArray::fromStdString(sanitizeArtifactName(raw.toStdString())), safe);
        QVERIFY(sanitizeArtifactName(std::string(1000, 'n')).size() <= 255);
    }

    void sniffedTypes_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("type");
        QTest::newRow("png") << QByteArray("\x89PNG\r\n\x1a\n\0\0", 10) << "image/png";
        QTest::newRow("jpeg") << QByteArray("\xff\xd8\xff\xe0"
                                            " JFIF")
                              << "image/jpeg";
        QTest::newRow("svg") << QByteArray(
                                    "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
                             << "image/svg+xml";
        // An SVG that reaches outside itself is text: nothing that draws pictures is asked to fetch anything.
        QTest::newRow("svg with a fragment link")
            << QByteArray("<svg xmlns=\"http://www.w3.org/2000/svg\"><use href=\"#a\"/></svg>")
            << "image/svg+xml";
        QTest::newRow("svg with inline data")
            << QByteArray("<svg><image href=' data:image/png;base64,AAAA'/></svg>") << "image/svg+xml";
        QTest::newRow("svg naming a host file")
            << QByteArray("<svg><image xlink:href=\"file:///etc/hostname\"/></svg>") << "text/plain";
        QTest::newRow("svg naming an address, upper case")
            << QByteArray("<SVG><IMAGE HREF = 'http://127.0.0.1:1/x.png'/></SVG>") << "text/plain";
        QTest::newRow("svg with a relative src")
            << QByteArray("<svg><script src=\"x.js\"/></svg>") << "text/plain";
        QTest::newRow("svg with entities")
            << QByteArray("<!DOCTYPE svg [<!ENTITY a \"b\">]><svg>&a;</svg>") << "text/plain";
        QTest::newRow("svg with a css url")
            << QByteArray("<svg><style>rect { fill: url( 'http://x/p' ) }</style></svg>") << "text/plain";
        QTest::newRow("svg with a css fragment url")
            << QByteArray("<svg><style>rect { fill: url(#g) }</style></svg>") << "image/svg+xml";
        QTest::newRow("svg with a css import")
            << QByteArray("<svg><style>@import 'x.css';</style></svg>") << "text/plain";
        QTest::newRow("csv") << QByteArray("a,b,c\n1,2,3\n4,5,6\n") << "text/csv";
        QTest::newRow("ragged commas") << QByteArray("a,b\n1,2,3\n") << "text/plain";
        QTest::newRow("text") << QByteArray("hello\nworld\n") << "text/plain";
        QTest::newRow("binary") << QByteArray("\x00\x01\x02", 3) << "application/octet-stream";
        QTest::newRow("empty") << QByteArray() << "application/octet-stream";
    }
    void sniffedTypes() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, type);
        QCOMPARE(QString::fromStdString(sniffArtifactType(bytes.toStdString())), type);
    }

    // A folder the way a program might leave it: the collection reads the regular files only, and of those
    // only what the caps admit.
    void collectionFollowsNothing() {
        QTemporaryDir work;
        QVERIFY(work.isValid());
        QVERIFY(QDir(work.path()).mkdir("outputs"));
        const QString outputs = work.filePath("outputs");
        writeWhole(outputs + "/a.txt", "first");
        writeWhole(outputs + "/b.bin", std::string(2 << 20, 'b'));
        writeWhole(work.filePath("outside.txt"), "OUTSIDE");
        QVERIFY(::symlink("../outside.txt", (outputs + "/link").toLocal8Bit().constData()) == 0);
        QVERIFY(::mkfifo((outputs + "/fifo").toLocal8Bit().constData(), 0600) == 0);
        QVERIFY(QDir(outputs).mkdir("sub"));
        QVERIFY(::link((outputs + "/a.txt").toLocal8Bit().constData(),
                       (outputs + "/c-hard").toLocal8Bit().constData()) == 0);

        Policy policy;
        policy.artifactsMb = 1;
        ArtifactCollector collector(policy);
        const int fd = ::open(work.path().toLocal8Bit().constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        QVERIFY(fd >= 0);
        collectArtifactsFrom(fd, collector);
        ::close(fd);
        RunResult result;
        collector.finish(result);
        QCOMPARE(result.artifacts.size(), std::size_t(2));
        QCOMPARE(result.artifacts[0].name, std::string("a.txt"));
        QCOMPARE(result.artifacts[1].bytes, std::string("first")); // a hard link within: its own bytes
        std::string dropped;
        for (const std::string& line : result.artifactsDropped)
            dropped += line + "\n";
        QVERIFY2(dropped.find("b.bin: 2.0 MB") != std::string::npos, dropped.c_str());
        QVERIFY2(dropped.find("link: a symbolic link, not followed") != std::string::npos, dropped.c_str());
        QVERIFY2(dropped.find("fifo: a FIFO") != std::string::npos, dropped.c_str());
        QVERIFY2(dropped.find("sub: a folder") != std::string::npos, dropped.c_str());

        // "outputs" itself swapped for a link: nothing is read through it.
        QVERIFY(QDir(outputs).removeRecursively());
        QVERIFY(::symlink(work.path().toLocal8Bit().constData(), outputs.toLocal8Bit().constData()) == 0);
        ArtifactCollector again(policy);
        const int fd2 = ::open(work.path().toLocal8Bit().constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        collectArtifactsFrom(fd2, again);
        ::close(fd2);
        RunResult second;
        again.finish(second);
        QVERIFY(second.artifacts.empty());
        QCOMPARE(second.artifactsDropped.size(), std::size_t(1));
    }

    void checkedInputs_data() {
        QTest::addColumn<QStringList>("inputs");
        QTest::addColumn<qint64>("inputsMb");
        QTest::addColumn<QString>("problemPart"); // empty: accepted
        QTest::newRow("file and folder") << QStringList{"file.txt", "folder"} << qint64(1) << "";
        QTest::newRow("missing") << QStringList{"absent.txt"} << qint64(1) << "absent.txt is missing";
        QTest::newRow("oversized") << QStringList{"file.txt", "big.bin"} << qint64(1) << "inputs_mb";
        QTest::newRow("same name") << QStringList{"file.txt", "other/file.txt"} << qint64(1)
                                   << "like an earlier";
        QTest::newRow("absolute link") << QStringList{"absolute"} << qint64(1) << "abs -> /";
        QTest::newRow("climbing link") << QStringList{"climbing"} << qint64(1) << "up -> ../../";
    }
    void checkedInputs() {
        QFETCH(QStringList, inputs);
        QFETCH(qint64, inputsMb);
        QFETCH(QString, problemPart);
        QTemporaryDir host;
        QDir root(host.path());
        writeWhole(host.filePath("file.txt"), "x");
        QVERIFY(root.mkpath("other") && root.mkpath("folder/deep") && root.mkpath("absolute") &&
                root.mkpath("climbing/one"));
        writeWhole(host.filePath("other/file.txt"), "y");
        writeWhole(host.filePath("folder/deep/data"), "z");
        writeWhole(host.filePath("big.bin"), std::string(3 << 20, 'b'));
        QVERIFY(::symlink("deep/data", host.filePath("folder/inside").toLocal8Bit().constData()) == 0);
        QVERIFY(::symlink("../deep/data", host.filePath("folder/deep/up-ok").toLocal8Bit().constData()) == 0);
        QVERIFY(::symlink(host.filePath("file.txt").toLocal8Bit().constData(),
                          host.filePath("absolute/abs").toLocal8Bit().constData()) == 0);
        QVERIFY(::symlink("../../file.txt", host.filePath("climbing/one/up").toLocal8Bit().constData()) == 0);
        Policy policy;
        policy.inputsMb = inputsMb;
        for (const QString& input : inputs)
            policy.inputs.push_back(host.filePath(input).toStdString());
        const CheckedInputs checked = checkInputs(policy);
        if (problemPart.isEmpty()) {
            QVERIFY2(checked.ok(), checked.problem.c_str());
            QCOMPARE(checked.inputs.size(), std::size_t(inputs.size()));
            QCOMPARE(checked.inputs[1].insidePath(), std::string("/data/folder"));
            QVERIFY(checked.inputs[1].folder);
        } else {
            QVERIFY2(checked.problem.find(problemPart.toStdString()) != std::string::npos,
                     checked.problem.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestArtifacts)
#include "tst_artifacts.moc"
