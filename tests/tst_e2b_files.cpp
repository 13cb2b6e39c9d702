// The e2b tier's files, against a stand-in for envd's files API (support/e2b_test_kit.h's StandInEnvd, shapes
// in support/e2b_fixtures.h): inputs uploaded to /data/<name> as root before the program runs, byte for byte;
// inputs that are missing, too large or not showable refuse the run before any sandbox exists; artifacts
// listed in /tmp/outputs and downloaded after the program, byte for byte and typed, within the policy's caps
// (and never read past what a cap admitted), names made safe, links and folders dropped; envd's errors said
// clearly, with the program's output kept. No request leaves this machine.

#include "core/artifacts.h"
#include "support/e2b_test_kit.h"
#include "tiers/e2b/e2b_files.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <tuple>

using namespace sandbench;
using namespace test_support;
using namespace test_support::e2b;

namespace {

constexpr const char* kListDir = "/filesystem.Filesystem/ListDir";

// Create, the program's execute (no environment), delete; envd's routes are the stand-in's.
void scriptFilesRun(ScriptedHttpServer& server, const QList<QByteArray>& lines = {endOfExecution()}) {
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, createdAnswer()));
    server.enqueue("POST", "/execute", streamOf(lines));
    server.enqueue("DELETE", sandboxPath(), ScriptedResponse::text(204, ""));
}

RunRequest bare(const std::string& code = "print('ran')\n") {
    RunRequest request = program(code);
    request.policy.environment.clear(); // no prologue: one execution
    return request;
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

const Artifact* findArtifact(const RunResult& result, const std::string& name) {
    for (const Artifact& artifact : result.artifacts) {
        if (artifact.name == name)
            return &artifact;
    }
    return nullptr;
}

bool droppedWith(const RunResult& result, const std::string& start, const std::string& words) {
    for (const std::string& line : result.artifactsDropped) {
        if (line.rfind(start, 0) == 0 && line.find(words) != std::string::npos)
            return true;
    }
    return false;
}

std::string dropped(const RunResult& result) {
    std::string lines;
    for (const std::string& line : result.artifactsDropped)
        lines += line + "\n";
    return lines;
}

const QByteArray kPng("\x89PNG\r\n\x1A\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1F\x15\xC4\x89", 33);

} // namespace

class TestE2bFiles : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { isolateFromEnvironment(); }
    void inputsUploadedBeforeTheProgram();
    void largeInputUploadedWhole();
    void inputsRefusedBeforeAnySandbox_data();
    void inputsRefusedBeforeAnySandbox();
    void uploadFailureIsClear();
    void artifactsComeBackByteForByte();
    void linksFoldersAndOthersDropped();
    void countCapApplies();
    void sizeCapReadsNoMoreThanAdmitted();
    void namesAreSanitised();
    void listingReadLeniently();
    void downloadFailureKeepsTheRest();
    void listingFailureKeepsTheOutput();
    void noArtifactsFromARunCutOff();
};

void TestE2bFiles::inputsUploadedBeforeTheProgram() {
    QTemporaryDir host;
    const QString csv = host.filePath("data.csv");
    writeFile(csv, "a,b\n1,2\n");
    const QString photos = host.filePath("photos");
    writeFile(photos + "/cat.png", kPng);
    writeFile(photos + "/notes/today.txt", QByteArray("binary\0ok\xff", 10));
    QVERIFY(QDir().mkpath(photos + "/empty"));
    QVERIFY(QFile::link("cat.png", photos + "/same-cat.png")); // stays inside: uploaded as a copy

    ScriptedHttpServer server;
    StandInEnvd envd(server);
    scriptFilesRun(server, {stdoutLine("ran\n"), endOfExecution()});
    E2bTier tier(settingsFor(server));
    RunRequest request = bare("print(open('/data/data.csv').read())\n");
    request.policy.inputs = {csv.toStdString(), photos.toStdString()};
    const RunResult result = tier.run(request, {}, {});
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.stdoutBytes, std::string("ran\n"));

    // Each file at /data/<input's name>/..., byte for byte, as root (files the program's user cannot change).
    const QMap<QString, StandInEnvd::Upload> uploads = envd.uploads();
    QCOMPARE(uploads.keys(), (QStringList{"/data/data.csv", "/data/photos/cat.png",
                                          "/data/photos/notes/today.txt", "/data/photos/same-cat.png"}));
    QCOMPARE(uploads["/data/data.csv"].bytes, QByteArray("a,b\n1,2\n"));
    QCOMPARE(uploads["/data/photos/cat.png"].bytes, kPng);
    QCOMPARE(uploads["/data/photos/same-cat.png"].bytes, kPng);
    QCOMPARE(uploads["/data/photos/notes/today.txt"].bytes, QByteArray("binary\0ok\xff", 10));
    for (const StandInEnvd::Upload& upload : uploads) {
        QCOMPARE(upload.username, QString("root"));
        QVERIFY2(upload.contentType.startsWith("multipart/form-data; boundary="),
                 upload.contentType.constData());
    }
    QCOMPARE(envd.folders(), QStringList{"/data/photos/empty"}); // no upload makes an empty folder

    // The sandbox's own timeout leaves room for the uploads: the run's 10 s, the 30 s grace, and the uploads'
    // allowance (one 5 s request timeout, and nothing for less than a MB).
    QCOMPARE(jsonBody(server.requests("POST", "/sandboxes").first())["timeout"].toInt(), 45);

    // All of it before the program's execution, to envd with its token, and never with the API key.
    const QList<QByteArray> seen = methodsAndPaths(server);
    QVERIFY2(seen.lastIndexOf("POST /files") < seen.indexOf("POST /execute"), seen.join(", ").constData());
    for (const RecordedRequest& upload : server.requests("POST", "/files")) {
        QCOMPARE(upload.header("X-Access-Token"), QByteArray(kEnvdToken));
        QCOMPARE(upload.header("E2b-Sandbox-Port"), QByteArray(kEnvdPortHeader));
        QVERIFY(!upload.hasHeader("X-API-KEY"));
        QVERIFY(!upload.body.contains(kApiKey));
    }
}

void TestE2bFiles::largeInputUploadedWhole() {
    // Three MB and some, every byte value: one multipart body larger than libcurl sends without asking
    // (Expect: 100-continue), and three seconds more for the sandbox's own timeout.
    QTemporaryDir host;
    QByteArray bytes;
    for (int i = 0; i < (3 << 20) + 7; ++i)
        bytes += static_cast<char>((i * 7) & 0xff);
    writeFile(host.filePath("big.bin"), bytes);
    ScriptedHttpServer server;
    StandInEnvd envd(server);
    scriptFilesRun(server);
    E2bTier tier(settingsFor(server));
    RunRequest request = bare();
    request.policy.inputs = {host.filePath("big.bin").toStdString()};
    const RunResult result = tier.run(request, {}, {});
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(envd.uploads().value("/data/big.bin").bytes.size(), bytes.size());
    QVERIFY(envd.uploads().value("/data/big.bin").bytes == bytes);
    QCOMPARE(jsonBody(server.requests("POST", "/sandboxes").first())["timeout"].toInt(), 48);
}

void TestE2bFiles::inputsRefusedBeforeAnySandbox_data() {
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("missing") << "missing" << QStringList{"missing", "no user code ran"};
    QTest::newRow("over inputs_mb") << "large" << QStringList{"inputs_mb", "no user code ran"};
    QTest::newRow("a link to a folder") << "folder link" << QStringList{"link to a folder", "inner", "e2b"};
    QTest::newRow("a link leading out") << "escaping link" << QStringList{"leads outside"};
}

void TestE2bFiles::inputsRefusedBeforeAnySandbox() {
    QFETCH(QString, shape);
    QFETCH(QStringList, mentions);
    QTemporaryDir host;
    QString input = host.filePath("input");
    RunRequest request = bare();
    if (shape == "missing") {
        input = host.filePath("not-there.csv");
    } else if (shape == "large") {
        writeFile(input, QByteArray(1024 * 1024 + 1, 'x'));
        request.policy.inputsMb = 1;
    } else if (shape == "folder link") {
        writeFile(input + "/inner/file.txt", "x");
        QVERIFY(QFile::link("inner", input + "/shortcut"));
    } else {
        writeFile(host.filePath("secret.txt"), "secret");
        writeFile(input + "/file.txt", "x");
        QVERIFY(QFile::link(host.filePath("secret.txt"), input + "/secret"));
    }
    request.policy.inputs = {input.toStdString()};
    ScriptedHttpServer server;
    StandInEnvd envd(server);
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(request, {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    for (const QString& word : mentions)
        QVERIFY2(QString::fromStdString(result.evidence).contains(word), result.evidence.c_str());
    QVERIFY2(result.evidence.find(input.toStdString()) != std::string::npos,
             result.evidence.c_str());    // named
    QVERIFY(server.requests().isEmpty()); // refused before any sandbox existed: nothing billed
}

void TestE2bFiles::uploadFailureIsClear() {
    QTemporaryDir host;
    writeFile(host.filePath("data.csv"), "a,b\n");
    ScriptedHttpServer server;
    StandInEnvd envd(server);
    envd.failUploads(507, "not enough disk space available");
    scriptFilesRun(server);
    E2bTier tier(settingsFor(server));
    RunRequest request = bare();
    request.policy.inputs = {host.filePath("data.csv").toStdString()};
    const RunResult result = tier.run(request, {}, {});
    tier.settle();
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    for (const char* words : {"/data/data.csv", "507", "not enough disk space available", "disk is full",
                              "none of the program ran", "the sandbox is being deleted"})
        QVERIFY2(result.evidence.find(words) != std::string::npos, result.evidence.c_str());
    QVERIFY(server.requests("POST", "/execute").isEmpty());
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);
}

void TestE2bFiles::artifactsComeBackByteForByte() {
    ScriptedHttpServer server;
    StandInEnvd envd(server);
    envd.addOutput({.name = "plot.png", .bytes = kPng});
    envd.addOutput({.name = "table.csv", .bytes = "x,y\n1,2\n3,4\n"});
    envd.addOutput({.name = "empty.txt", .bytes = ""});
    scriptFilesRun(server, {stdoutLine("saved\n"), endOfExecution()});
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(bare(), {}, {});
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.stdoutBytes, std::string("saved\n"));
    QVERIFY2(result.artifactsNote.empty(), result.artifactsNote.c_str());
    QVERIFY2(result.artifactsDropped.empty(), dropped(result).c_str());
    QCOMPARE(result.artifacts.size(), std::size_t(3));
    const Artifact* png = findArtifact(result, "plot.png");
    QVERIFY(png);
    QCOMPARE(QByteArray::fromStdString(png->bytes), kPng);
    QCOMPARE(png->type, std::string("image/png"));
    QCOMPARE(png->size, std::int64_t(kPng.size()));
    const Artifact* csv = findArtifact(result, "table.csv");
    QVERIFY(csv);
    QCOMPARE(csv->bytes, std::string("x,y\n1,2\n3,4\n"));
    QCOMPARE(csv->type, std::string("text/csv"));
    QVERIFY(findArtifact(result, "empty.txt"));

    // Listed, then read after the execution and before the delete; an empty file needs no download.
    const QList<QByteArray> seen = methodsAndPaths(server);
    QVERIFY2(seen.indexOf("POST " + QByteArray(kListDir)) > seen.indexOf("POST /execute"),
             seen.join(", ").constData());
    QVERIFY2(seen.lastIndexOf("GET /files") < seen.indexOf("DELETE " + sandboxPath()),
             seen.join(", ").constData());
    const QList<RecordedRequest> downloads = server.requests("GET", "/files");
    QCOMPARE(downloads.size(), 2);
    for (const RecordedRequest& download : downloads) {
        QVERIFY2(download.target.contains("username=root"), download.target.constData());
        QCOMPARE(download.header("X-Access-Token"), QByteArray(kEnvdToken));
        QVERIFY(!download.hasHeader("X-API-KEY"));
    }
    QCOMPARE(downloads[0].target, QByteArray("/files?path=%2Ftmp%2Foutputs%2Fplot.png&username=root"));
    QCOMPARE(downloads[0].header("Range"), "bytes=0-" + QByteArray::number(kPng.size() - 1));
}

void TestE2bFiles::linksFoldersAndOthersDropped() {
    ScriptedHttpServer server;
    StandInEnvd envd(server);
    envd.addOutput({.name = "kept.txt", .bytes = "kept"});
    envd.addOutput({.name = "passwd", .type = "FILE_TYPE_SYMLINK", .bytes = "root:x:0:0"});
    envd.addOutput({.name = "sub", .type = "FILE_TYPE_DIRECTORY"});
    envd.addOutput({.name = "pipe", .type = "FILE_TYPE_UNSPECIFIED"});
    scriptFilesRun(server);
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(bare(), {}, {});
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.artifacts.size(), std::size_t(1));
    QCOMPARE(result.artifacts[0].name, std::string("kept.txt"));
    QVERIFY2(droppedWith(result, "passwd:", "symbolic link, not followed"), dropped(result).c_str());
    QVERIFY2(droppedWith(result, "sub:", "a folder"), dropped(result).c_str());
    QVERIFY2(droppedWith(result, "pipe:", "not a regular file"), dropped(result).c_str());
    // Only the regular file was read.
    QCOMPARE(server.requests("GET", "/files").size(), 1);
}

void TestE2bFiles::countCapApplies() {
    ScriptedHttpServer server;
    StandInEnvd envd(server);
    for (int i = 0; i < 25; ++i)
        envd.addOutput(
            {.name = QString("file%1.txt").arg(i, 2, 10, QChar('0')), .bytes = QByteArray::number(i)});
    scriptFilesRun(server);
    E2bTier tier(settingsFor(server));
    RunRequest request = bare();
    request.policy.artifactsMax = 20;
    const RunResult result = tier.run(request, {}, {});
    tier.settle();
    QCOMPARE(result.artifacts.size(), std::size_t(20));
    QCOMPARE(result.artifacts.front().name, std::string("file00.txt")); // in name order
    QCOMPARE(result.artifacts.back().name, std::string("file19.txt"));
    QCOMPARE(result.artifactsDropped.size(), std::size_t(5));
    QVERIFY2(droppedWith(result, "file20.txt:", "artifacts_max"), dropped(result).c_str());
    QCOMPARE(server.requests("GET", "/files").size(), 20); // the dropped ones were never read
}

void TestE2bFiles::sizeCapReadsNoMoreThanAdmitted() {
    ScriptedHttpServer server;
    StandInEnvd envd(server);
    // Listed at 1000 bytes, then grown without end: the download is cut at the 1000 admitted bytes.
    envd.addOutput(
        {.name = "a-growing.log", .bytes = QByteArray(4096, 'g'), .listedSize = 1000, .endless = true});
    // Listed larger than the whole cap: dropped unread.
    envd.addOutput({.name = "b-huge.bin", .bytes = "tiny", .listedSize = 50LL << 30});
    // More than what is left after the first: dropped too.
    envd.addOutput({.name = "c-fills.bin", .bytes = QByteArray((1 << 20), 'c')});
    envd.addOutput({.name = "d-small.txt", .bytes = "small"});
    scriptFilesRun(server);
    E2bTier tier(settingsFor(server));
    RunRequest request = bare();
    request.policy.artifactsMb = 1;
    QElapsedTimer clock;
    clock.start();
    const RunResult result = tier.run(request, {}, {});
    const qint64 elapsed = clock.elapsed();
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QVERIFY2(elapsed < 4000, qPrintable(QString::number(elapsed))); // well within the 5 s request timeout
    const Artifact* growing = findArtifact(result, "a-growing.log");
    QVERIFY2(growing, dropped(result).c_str());
    QCOMPARE(growing->bytes, std::string(1000, 'g'));
    QVERIFY2(droppedWith(result, "b-huge.bin:", "artifacts_mb"), dropped(result).c_str());
    QVERIFY2(droppedWith(result, "c-fills.bin:", "artifacts_mb"), dropped(result).c_str());
    QVERIFY(findArtifact(result, "d-small.txt"));
    QCOMPARE(server.requests("GET", "/files").size(), 2); // a-growing and d-small only
}

void TestE2bFiles::namesAreSanitised() {
    const QString raw = "../\x1b[31mevil.txt";
    ScriptedHttpServer server;
    StandInEnvd envd(server);
    envd.addOutput({.name = raw, .bytes = "evil"});
    scriptFilesRun(server);
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(bare(), {}, {});
    tier.settle();
    QCOMPARE(result.artifacts.size(), std::size_t(1));
    const Artifact& artifact = result.artifacts[0];
    QCOMPARE(artifact.name, sanitizeArtifactName(raw.toStdString()));
    QVERIFY2(artifact.name.find('/') == std::string::npos, artifact.name.c_str());
    QVERIFY2(artifact.name.find('\x1b') == std::string::npos, artifact.name.c_str());
    QVERIFY2(artifact.name.front() != '.', artifact.name.c_str());
    QCOMPARE(artifact.bytes, std::string("evil"));
}

void TestE2bFiles::listingReadLeniently() {
    // protobuf's JSON mapping writes an int64 as a string and an enum by name, but a reader must take
    // numbers too, and a zero or FILE_TYPE_UNSPECIFIED is left out altogether.
    ScriptedHttpServer server;
    server.enqueue("POST", kListDir, ScriptedResponse::json(200, R"({"entries": [
                       {"name": "by-name", "type": "FILE_TYPE_FILE", "size": "12"},
                       {"name": "by-number", "type": 1, "size": 7},
                       {"name": "empty", "type": "FILE_TYPE_FILE"},
                       {"name": "unknown"},
                       {"name": "link", "type": 3, "symlinkTarget": "/etc/passwd"},
                       {"name": "absurd", "type": "FILE_TYPE_FILE", "size": "99999999999999999999"},
                       {"type": "FILE_TYPE_FILE", "size": "1"}]})"));
    E2bSandbox sandbox{kSandboxId, "e2b.app", kEnvdToken, kTrafficToken};
    const E2bFiles files(settingsFor(server), sandbox);
    E2bFilesFailure failure;
    const auto entries = files.list("/tmp/outputs", std::chrono::seconds(5), {}, failure);
    QVERIFY2(entries, failure.problem.c_str());
    QCOMPARE(entries->size(), std::size_t(6)); // the nameless one is skipped
    using Kind = E2bEntry::Kind;
    const std::vector<std::tuple<std::string, Kind, std::int64_t>> expected{
        {"by-name", Kind::File, 12}, {"by-number", Kind::File, 7}, {"empty", Kind::File, 0},
        {"unknown", Kind::Other, 0}, {"link", Kind::Link, 0},      {"absurd", Kind::File, -1}};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE((*entries)[i].name, std::get<0>(expected[i]));
        QVERIFY((*entries)[i].kind == std::get<1>(expected[i]));
        QCOMPARE((*entries)[i].size, std::get<2>(expected[i]));
    }
    QVERIFY(server.requests().first().header("Content-Type") == "application/json");
    QCOMPARE(server.requests().first().header("Connect-Protocol-Version"), QByteArray("1"));
}

void TestE2bFiles::downloadFailureKeepsTheRest() {
    ScriptedHttpServer server;
    StandInEnvd envd(server);
    envd.addOutput({.name = "broken.txt", .bytes = "lost", .downloadStatus = 500});
    envd.addOutput({.name = "fine.txt", .bytes = "fine"});
    scriptFilesRun(server, {stdoutLine("all output\n"), endOfExecution()});
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(bare(), {}, {});
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.stdoutBytes, std::string("all output\n"));
    QCOMPARE(result.exitCode, std::optional<int>(0));
    QCOMPARE(result.artifacts.size(), std::size_t(1));
    QCOMPARE(result.artifacts[0].bytes, std::string("fine"));
    QVERIFY2(droppedWith(result, "broken.txt:", "not downloaded"), dropped(result).c_str());
    QVERIFY2(droppedWith(result, "broken.txt:", "500"), dropped(result).c_str());
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);
}

void TestE2bFiles::listingFailureKeepsTheOutput() {
    ScriptedHttpServer server;
    server.enqueue("POST", kListDir,
                   ScriptedResponse::json(500, connectError("internal", "error reading directory")));
    scriptFilesRun(server, {stdoutLine("all output\n"), endOfExecution()});
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(bare(), {}, {});
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.stdoutBytes, std::string("all output\n"));
    QVERIFY(result.artifacts.empty());
    QVERIFY2(droppedWith(result, "outputs:", "could not be listed"), dropped(result).c_str());
    QVERIFY2(droppedWith(result, "outputs:", "error reading directory"), dropped(result).c_str());
}

void TestE2bFiles::noArtifactsFromARunCutOff() {
    // At its time limit the execution may still be running: /tmp/outputs is not read, and the result says so.
    ScriptedHttpServer server;
    StandInEnvd envd(server);
    envd.addOutput({.name = "partial.txt", .bytes = "half"});
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, createdAnswer()));
    server.enqueue("POST", "/execute",
                   streamOf({stdoutLine("started\n")}).endingWith(ScriptedResponse::Ending::Hang));
    server.enqueue("DELETE", sandboxPath(), ScriptedResponse::text(204, ""));
    E2bTier tier(settingsFor(server));
    RunRequest request = bare("print('started')\nwhile True: pass\n");
    request.policy.timeoutSeconds = 1.0;
    const RunResult result = tier.run(request, {}, {});
    tier.settle();
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Timeout));
    QCOMPARE(result.stdoutBytes, std::string("started\n"));
    QVERIFY(result.artifacts.empty());
    QVERIFY2(result.artifactsNote.find("cut off at its time limit") != std::string::npos,
             result.artifactsNote.c_str());
    QVERIFY(server.requests("POST", kListDir).isEmpty());
}

QTEST_GUILESS_MAIN(TestE2bFiles)
#include "tst_e2b_files.moc"
