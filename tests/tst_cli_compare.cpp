// `sandbench-cli run --tier all` and `sandbench-cli replay`, run as a user runs them: the comparison table
// with its marks, the JSON document, the host control only with --with-host, unavailable tiers listed with
// their reason, a replayed session's differing call, and a malformed transcript's error.

#include "core/agent/transcript.h"
#include "core/tier_registry.h"
#include "support/cli_runner.h"
#include "support/compared_tiers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using test_support::CliRun;
using test_support::runCli;

class TestCliCompare : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void table();
    void json();
    void withHost();
    void replay();
    void malformedTranscript();

private:
    bool m_container = false;
    bool m_hostOnlyModule = false;
    QTemporaryDir m_folder;
    QString program(const QByteArray& code) {
        const QString path = m_folder.filePath(QString("program-%1.py").arg(qHash(code)));
        QFile file(path);
        file.open(QIODevice::WriteOnly);
        file.write(code);
        return path;
    }
    QByteArray hostOnlyImport() const {
        return QByteArray("print('start')\nimport ") + test_support::kHostOnlyModule +
               "\nprint('imported')\n";
    }
};

void TestCliCompare::initTestCase() {
    std::string reason;
    if (!test_support::usableTier("subprocess", reason))
        QSKIP(reason.c_str());
    m_container = test_support::usableTier("container", reason) != nullptr;
    if (!m_container)
        QSKIP(reason.c_str());
    m_hostOnlyModule = test_support::hostHasModule(test_support::kHostOnlyModule);
    if (!m_hostOnlyModule)
        QSKIP("this host's python3 lacks apt_pkg (python3-apt), the module the test relies on");
}

void TestCliCompare::table() {
    const CliRun run = runCli({"run", "--tier", "all", program(hostOnlyImport())}, {}, 240000);
    QCOMPARE(run.exitCode, 0);
    const QString out = QString::fromUtf8(run.out);
    const QStringList lines = out.split('\n');
    // A column per tier that ran, the host not among them; the host listed with the way to include it.
    QVERIFY2(lines.first().startsWith("FIELD") && lines.first().contains("subprocess") &&
                 lines.first().contains("container") && !lines.first().contains("host"),
             qPrintable(out));
    QVERIFY2(out.contains("not run on host: the control tier has no isolation at all; add --with-host"),
             qPrintable(out));
    // The subprocess stands apart from the image-based tiers: its ending and outputs carry the mark.
    const QString ending = lines.filter(QRegularExpression("^ending ")).value(0);
    QVERIFY2(ending.contains("exit 0 \u2260") && ending.contains("exit 1"), qPrintable(ending));
    QVERIFY2(out.contains("differences (\u2260): ending stdout stderr"), qPrintable(out));
    QVERIFY2(out.contains(QRegularExpression("stderr +0 +1 .*ModuleNotFoundError")), qPrintable(out));
    QVERIFY2(out.contains("\u2260 imported"), qPrintable(out)); // marked in the subprocess's output
}

void TestCliCompare::json() {
    const CliRun run = runCli({"run", "--tier", "all", "--json", program("print('same')\n")}, {}, 240000);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject document = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(document["format"].toString(), QString("sandbench-tier-comparison"));
    QStringList ran;
    for (const QJsonValue& entry : document["runs"].toArray()) {
        ran << entry["tier"].toString();
        QCOMPARE(entry["result"]["stdout"].toString(), QString("same\n"));
    }
    QVERIFY(ran.contains("subprocess") && ran.contains("container") && !ran.contains("host"));
    QCOMPARE(document["differences"]["fields"].toArray().size(), 0);
    QStringList notRun;
    for (const QJsonValue& entry : document["not_run"].toArray()) {
        notRun << entry["tier"].toString();
        QVERIFY(!entry["reason"].toString().isEmpty());
    }
    QVERIFY(notRun.contains("host"));
}

void TestCliCompare::withHost() {
    const CliRun run =
        runCli({"run", "--tier", "all", "--with-host", "--json", program(hostOnlyImport())}, {}, 240000);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject document = QJsonDocument::fromJson(run.out).object();
    bool host = false;
    for (const QJsonValue& entry : document["runs"].toArray())
        host |= entry["tier"].toString() == "host" && entry["control"].toBool();
    QVERIFY(host);
    // The host and the subprocess tier see the host's modules; the container does not.
    const QJsonObject counts = document["differences"]["lines"].toArray().first()["counts"].toObject();
    QCOMPARE(counts["host"].toInt(), counts["subprocess"].toInt());
    QVERIFY(counts["container"].toInt() != counts["subprocess"].toInt());
    QVERIFY(run.err.contains("host is the control tier"));
    // --with-host belongs to all; alone it is a usage error.
    QCOMPARE(runCli({"run", "--with-host", program("print(1)\n")}).exitCode, 125);
}

void TestCliCompare::replay() {
    // A session recorded by hand on the subprocess tier, with what that tier really gives each call.
    sandbench::agent::Transcript session;
    session.task = "two programs";
    session.tier = "subprocess";
    const std::unique_ptr<sandbench::Tier> subprocess = sandbench::builtinTiers().create("subprocess");
    for (const QByteArray& code : {QByteArray("print(6 * 7)\n"), hostOnlyImport()}) {
        sandbench::agent::ToolRun call;
        call.call = {"call_" + std::to_string(session.runs.size() + 1), "run_python", {}, {}};
        call.code = code.toStdString();
        call.tier = "subprocess";
        sandbench::RunRequest request;
        request.code = call.code;
        call.result = subprocess->run(request, {}, {});
        session.runs.push_back(call);
    }
    const QString path = m_folder.filePath("session.json");
    std::string error;
    QVERIFY(sandbench::agent::saveTranscript(session, path.toStdString(), error));

    const CliRun table = runCli({"replay", "--tier", "container", path}, {}, 120000);
    QCOMPARE(table.exitCode, 0);
    const QString out = QString::fromUtf8(table.out);
    QVERIFY2(out.contains(QRegularExpression("1 call_1 .*subprocess: exit 0 +exit 0 +-")), qPrintable(out));
    QVERIFY2(out.contains(
                 QRegularExpression("2 call_2 .*subprocess: exit 0 +exit 1 +\u2260 ending, stdout, stderr")),
             qPrintable(out));
    QVERIFY2(out.contains("1 of 2 calls differ on container"), qPrintable(out));

    const CliRun json = runCli({"replay", "--tier", "container", "--json", path}, {}, 120000);
    QCOMPARE(json.exitCode, 0);
    const QJsonObject document = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(document["differing_calls"].toInt(), 1);
    const QJsonArray calls = document["calls"].toArray();
    QCOMPARE(calls.size(), 2);
    QCOMPARE(calls[0]["differences"]["fields"].toArray().size(), 0);
    QCOMPARE(calls[1]["differences"]["fields"].toArray().first().toString(), QString("ending"));
    // The host control is refused unless asked for.
    const CliRun host = runCli({"replay", "--tier", "host", path});
    QCOMPARE(host.exitCode, 1);
    QVERIFY2(host.err.contains("--with-host"), host.err.constData());
}

void TestCliCompare::malformedTranscript() {
    const QString path = m_folder.filePath("broken.json");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "sandbench-agent-transcript", "version": 1, "task": "t"})");
    file.close();
    const CliRun run = runCli({"replay", "--tier", "subprocess", path});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(path.toUtf8()) && run.err.contains("is not a complete transcript"),
             run.err.constData());
}

QTEST_GUILESS_MAIN(TestCliCompare)
#include "tst_cli_compare.moc"
