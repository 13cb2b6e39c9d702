// The e2b tier's conversation with E2B when all goes well, against a scripted stand-in for its API and a
// sandbox's code interpreter (shapes in support/e2b_fixtures.h): what our client sends (create, the
// environment, execute, delete, with which headers and bodies), and how the streamed output, tracebacks and
// sys.exit read on stdout, stderr and the exit status. No request leaves this machine.

#include "support/e2b_test_kit.h"
#include "tiers/e2b/execution_stream.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

using namespace sandbench;
using namespace test_support;
using namespace test_support::e2b;

namespace {

using Environment = std::map<std::string, std::string>;

// Values the code interpreter's own env_vars would have broken or changed (it pastes them into
// os.environ['KEY'] = 'VALUE' lines): quotes, backslashes (C:\temp would hold a tab), newlines, non-ASCII,
// a byte that is not UTF-8, nothing at all.
Environment trickyEnvironment() {
    return {{"SB_QUOTE", "it's"},
            {"SB_WINDOWS", "C:\\temp\\new"},
            {"SB_BACKSLASH", "ends in \\"},
            {"SB_NEWLINE", "two\nlines"},
            {"SB_UNICODE", "na\xC3\xAFve \xE2\x98\x83 \xE6\x97\xA5\xE6\x9C\xAC"},
            {"SB_CODE", "'''\"\"\"'; import os; os._exit(9) #"},
            {"SB_RAW", "\xff\xfe raw"},
            {"SB_EMPTY", ""}};
}

// The names and values a prologue sets, read back from its base64 literals.
Environment decodedPairs(const QString& prologue) {
    static const QRegularExpression pair(R"(\('([A-Za-z0-9+/=]*)', '([A-Za-z0-9+/=]*)'\))");
    Environment decoded;
    for (auto match = pair.globalMatch(prologue); match.hasNext();) {
        const auto found = match.next();
        decoded[QByteArray::fromBase64(found.captured(1).toLatin1()).toStdString()] =
            QByteArray::fromBase64(found.captured(2).toLatin1()).toStdString();
    }
    return decoded;
}

QByteArray stderrOf(const QList<QByteArray>& lines) {
    QByteArray seen;
    ExecutionStream stream([&seen](Stream which, std::string_view bytes) {
        if (which == Stream::Stderr)
            seen += QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()));
    });
    for (const QByteArray& each : lines)
        stream.feed(each.toStdString());
    stream.finish();
    return seen;
}

} // namespace

class TestE2bProtocol : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { isolateFromEnvironment(); }
    void createExecuteDelete_data();
    void createExecuteDelete();
    void environmentIsExact();
    void environmentPrologueInPython();
    void environmentRefusedByTheKernel();
    void outputStreamsLive();
    void outputCapApplies();
    void invalidUtf8InStream();
    void pythonErrorIsExitOne();
    void tracebackParts_data();
    void tracebackParts();
    void systemExit_data();
    void systemExit();
    void exitWarningAcrossMessages();
    void repairsJsonText();
    void allowListBecomesEgressRules();
    void allowListE2bCannotSayIsRefused_data();
    void allowListE2bCannotSayIsRefused();
};

void TestE2bProtocol::createExecuteDelete_data() {
    QTest::addColumn<bool>("network");
    QTest::addColumn<double>("timeoutSeconds");
    QTest::addColumn<int>("expectedLifetime");
    QTest::newRow("default policy: no network") << false << 5.0 << 35;
    QTest::newRow("network on, fractional timeout") << true << 2.5 << 33;
}

void TestE2bProtocol::createExecuteDelete() {
    QFETCH(bool, network);
    QFETCH(double, timeoutSeconds);
    QFETCH(int, expectedLifetime);
    ScriptedHttpServer server;
    scriptRun(server,
              streamOf({numberOfExecutions(1), stdoutLine("hello\n"), stderrLine("careful\n"),
                        stdoutLine("world\n"), resultLine("42"), endOfExecution()}),
              false);
    E2bTier tier(settingsFor(server));
    RunRequest request =
        program("print('hello')\nimport sys; print('careful', file=sys.stderr)\nprint('world')\n42\n",
                timeoutSeconds);
    request.policy.network = network;
    request.policy.environment.clear();
    RecordingSink sink;
    const RunResult result = tier.run(request, sink.sink(), {});
    tier.settle();

    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.tier, std::string("e2b"));
    QCOMPARE(result.exitCode, std::optional<int>(0));
    QCOMPARE(result.stdoutBytes, std::string("hello\nworld\n")); // the notebook's result (42) is not output
    QCOMPARE(result.stderrBytes, std::string("careful\n"));
    QCOMPARE(sink.all(Stream::Stdout), result.stdoutBytes);
    QCOMPARE(sink.all(Stream::Stderr), result.stderrBytes);
    QVERIFY(result.wallSeconds > 0);

    // No environment, no prologue: one execution.
    // After the execution, /tmp/outputs is listed for artifacts (there is none) before the delete.
    QCOMPARE(methodsAndPaths(server),
             (QList<QByteArray>{"POST /sandboxes", "POST /execute", "POST /filesystem.Filesystem/ListDir",
                                "DELETE " + sandboxPath()}));
    const auto requests = server.requests();

    // Create: the key as X-API-KEY, the template, the sandbox's own timeout, secure, the network switch,
    // and the run's tag in the metadata.
    const RecordedRequest& create = requests[0];
    QCOMPARE(create.header("X-API-KEY"), QByteArray(kApiKey));
    QCOMPARE(create.header("Content-Type"), QByteArray("application/json"));
    const QJsonObject createBody = jsonBody(create);
    QCOMPARE(createBody["templateID"].toString(), QString("code-interpreter-v1"));
    QCOMPARE(createBody["timeout"].toInt(), expectedLifetime);
    QCOMPARE(createBody["secure"].toBool(), true);
    QVERIFY(createBody.contains("allow_internet_access"));
    QCOMPARE(createBody["allow_internet_access"].toBool(), network);
    const QString tag = createBody["metadata"].toObject()["sandbench_run"].toString();
    QVERIFY2(QRegularExpression("^[0-9a-f]{32}$").match(tag).hasMatch(), qPrintable(tag));

    // Execute: the code alone, the sandbox's tokens, and never the key.
    const RecordedRequest& execute = requests[1];
    QVERIFY(!execute.hasHeader("X-API-KEY"));
    QVERIFY(!execute.body.contains(kApiKey));
    for (const auto& [name, value] : execute.headers)
        QVERIFY2(!value.contains(kApiKey), name.constData());
    QCOMPARE(execute.header("X-Access-Token"), QByteArray(kEnvdToken));
    QCOMPARE(execute.header("E2B-Traffic-Access-Token"), QByteArray(kTrafficToken));
    QCOMPARE(execute.header("E2b-Sandbox-Id"), QByteArray(kSandboxId));
    QCOMPARE(execute.header("E2b-Sandbox-Port"), QByteArray("49999"));
    QCOMPARE(execute.header("Content-Type"), QByteArray("application/json"));
    QCOMPARE(jsonBody(execute).keys(), QStringList{"code"});
    QCOMPARE(jsonBody(execute)["code"].toString().toStdString(), request.code);

    // The listing goes to envd (port 49983) as root, with the sandbox's envd token and never the key.
    const RecordedRequest& listing = requests[2];
    QCOMPARE(listing.header("E2b-Sandbox-Port"), QByteArray(kEnvdPortHeader));
    QCOMPARE(listing.header("X-Access-Token"), QByteArray(kEnvdToken));
    QCOMPARE(listing.header("Authorization"), QByteArray("Basic cm9vdDo=")); // "root:"
    QVERIFY(!listing.hasHeader("X-API-KEY"));
    QCOMPARE(jsonBody(listing), (QJsonObject{{"path", "/tmp/outputs"}, {"depth", 1}}));
    QVERIFY(result.artifacts.empty());
    QVERIFY(result.artifactsDropped.empty());
    QVERIFY2(result.artifactsNote.empty(), result.artifactsNote.c_str());

    // Delete: the key again, to the API.
    QCOMPARE(requests[3].header("X-API-KEY"), QByteArray(kApiKey));
    QVERIFY(tier.killFailures().empty());

    // Each create call has a tag of its own.
    ScriptedHttpServer again;
    scriptRun(again, streamOf({endOfExecution()}), false);
    E2bTier(settingsFor(again)).run(request, {}, {});
    QVERIFY(jsonBody(again.requests().first())["metadata"].toObject()["sandbench_run"].toString() != tag);
}

void TestE2bProtocol::environmentIsExact() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, createdAnswer()));
    server.enqueue("POST", "/execute", streamOf({numberOfExecutions(1), endOfExecution()})); // the env
    server.enqueue("POST", "/execute", streamOf({stdoutLine("it's\n"), endOfExecution()}));
    server.enqueue("POST", "/filesystem.Filesystem/ListDir", noOutputsFolder());
    server.enqueue("DELETE", sandboxPath(), ScriptedResponse::text(204, ""));
    E2bTier tier(settingsFor(server));
    RunRequest request = program("import os\nprint(os.environ['SB_QUOTE'])\n");
    request.policy.environment = trickyEnvironment();
    const RunResult result = tier.run(request, {}, {});
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(methodsAndPaths(server),
             (QList<QByteArray>{"POST /sandboxes", "POST /execute", "POST /execute",
                                "POST /filesystem.Filesystem/ListDir", "DELETE " + sandboxPath()}));
    const auto requests = server.requests();
    QVERIFY(!jsonBody(requests[0]).contains("envVars"));

    // First an execution of its own: one line that sets every name and value from base64, so none of their
    // quotes, backslashes or newlines is Python source.
    const QJsonObject setting = jsonBody(requests[1]);
    QCOMPARE(setting.keys(), QStringList{"code"}); // no env_vars
    const QString prologue = setting["code"].toString();
    QVERIFY2(!prologue.contains('\n'), qPrintable(prologue));
    QVERIFY2(prologue.contains("environb"), qPrintable(prologue));
    QCOMPARE(decodedPairs(prologue), request.policy.environment);
    QCOMPARE(prologue.toStdString(), environmentPrologue(request.policy.environment));
    QCOMPARE(requests[1].header("X-Access-Token"), QByteArray(kEnvdToken));

    // Then the program, byte for byte and alone: its line 1 is its cell's line 1, as on every other tier.
    const QJsonObject run = jsonBody(requests[2]);
    QCOMPARE(run.keys(), QStringList{"code"});
    QCOMPARE(run["code"].toString().toStdString(), request.code);
}

void TestE2bProtocol::environmentPrologueInPython() {
    // The prologue is Python: run it in this machine's python3 and read the variables back as bytes.
    const QString python = QStandardPaths::findExecutable("python3", {"/usr/bin", "/usr/local/bin"});
    if (python.isEmpty())
        QSKIP("no python3 on this machine");
    const Environment environment = trickyEnvironment();
    const std::string check = environmentPrologue(environment) + R"(
leaked = [name for name in globals() if not name.startswith('__')]
import os, sys
assert not leaked, leaked
assert os.environ['SB_QUOTE'] == "it's" and os.environ['SB_WINDOWS'] == 'C:\\temp\\new'
for key in sorted(os.environb):
    if key.startswith(b'SB_'):
        sys.stdout.buffer.write(key + b'=' + os.environb[key] + b'\0')
)";
    QProcess process;
    process.start(python, {"-I", "-c", QString::fromStdString(check)});
    QVERIFY(process.waitForFinished(30000));
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
    QByteArray expected;
    for (const auto& [name, value] : environment)
        expected += QByteArray::fromStdString(name + "=" + value) + '\0';
    QCOMPARE(process.readAllStandardOutput(), expected);
}

void TestE2bProtocol::environmentRefusedByTheKernel() {
    // A name the kernel's os.environ refuses: the prologue's error is a setup failure, and the program
    // never goes out.
    ScriptedHttpServer server;
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, createdAnswer()));
    server.enqueue("POST", "/execute",
                   streamOf({errorLine("ValueError", "illegal environment variable name",
                                       {"\x1b[0;31mValueError\x1b[0m: illegal environment variable name"}),
                             endOfExecution()}));
    server.enqueue("DELETE", sandboxPath(), ScriptedResponse::text(204, ""));
    E2bTier tier(settingsFor(server));
    RunRequest request = program("print(1)");
    request.policy.environment = {{"A=B", "1"}};
    const RunResult result = tier.run(request, {}, {});
    tier.settle();
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("ValueError: illegal environment variable name") != std::string::npos,
             result.evidence.c_str());
    QVERIFY2(result.evidence.find("none of the program ran") != std::string::npos, result.evidence.c_str());
    QVERIFY(result.stderrBytes.empty());
    QCOMPARE(server.requests("POST", "/execute").size(), 1);
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);
}

void TestE2bProtocol::outputStreamsLive() {
    ScriptedHttpServer server;
    scriptRun(server, streamOf({stdoutLine("first\n"), stdoutLine("second\n"), endOfExecution()}, 500));
    E2bTier tier(settingsFor(server));
    RecordingSink sink;
    const RunResult result = tier.run(program("..."), sink.sink(), {});
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.stdoutBytes, std::string("first\nsecond\n"));
    std::lock_guard lock(sink.mutex);
    QCOMPARE(sink.chunks.size(), std::size_t(2));
    // Each line reached the sink as it arrived, not when the run ended.
    QVERIFY2(sink.chunks[1].atSeconds - sink.chunks[0].atSeconds > 0.35,
             qPrintable(QString::number(sink.chunks[1].atSeconds - sink.chunks[0].atSeconds)));
}

void TestE2bProtocol::outputCapApplies() {
    ScriptedHttpServer server;
    scriptRun(server, streamOf({stdoutLine("0123456789abcdef\n"), stdoutLine("more\n"), stderrLine("e\n"),
                                endOfExecution()}));
    E2bTier tier(settingsFor(server));
    RunRequest request = program("...");
    request.policy.outputCapBytes = 10;
    const RunResult result = tier.run(request, {}, {});
    QCOMPARE(result.exitCode, std::optional<int>(0));
    QVERIFY(result.stdoutTruncated);
    QCOMPARE(result.stdoutBytes, std::string("0123456789") + kOutputTruncatedMarker);
    QCOMPARE(result.stderrBytes, std::string("e\n"));
}

void TestE2bProtocol::invalidUtf8InStream() {
    ScriptedHttpServer server;
    // Raw bytes that are not UTF-8 inside a JSON string, and the lone-surrogate escape Python's json.dumps
    // writes for an undecodable byte: both become U+FFFD, and the run goes on.
    const QByteArray raw = "{\"type\": \"stdout\", \"text\": \"caf\xff\xfe!\\n\"}\n";
    const QByteArray surrogate = "{\"type\": \"stderr\", \"text\": \"bad \\udcff byte\\n\"}\n";
    scriptRun(server, streamOf({raw, surrogate, stdoutLine("after\n"), endOfExecution()}));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("..."), {}, {});
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.stdoutBytes, std::string("caf\xEF\xBF\xBD\xEF\xBF\xBD!\nafter\n"));
    QCOMPARE(result.stderrBytes, std::string("bad \xEF\xBF\xBD byte\n"));
}

void TestE2bProtocol::pythonErrorIsExitOne() {
    ScriptedHttpServer server;
    scriptRun(server, streamOf({stdoutLine("before\n"),
                                errorLine("ZeroDivisionError", "division by zero", zeroDivisionTraceback()),
                                endOfExecution()}));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("print('before')\n1/0\n"), {}, {});
    tier.settle();
    QCOMPARE(result.exitCode, std::optional<int>(1));
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
    QCOMPARE(result.stdoutBytes, std::string("before\n"));
    QCOMPARE(result.stderrBytes, std::string(kZeroDivisionStderr));
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1); // deleted after an error too
}

void TestE2bProtocol::tracebackParts_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("parts");
    QTest::addColumn<QByteArray>("stderrBytes");
    const QString rule = zeroDivisionTraceback()[0];
    const auto header = [](const char* name) {
        return QString("\x1b[0;31m%1\x1b[0m                         Traceback (most recent call last)")
            .arg(name);
    };
    const QByteArray plainRule = QByteArray(75, '-') + "\n";
    QTest::newRow("IPython 8: the rule and header run into the next part")
        << "ZeroDivisionError"
        << "division by zero" << zeroDivisionTraceback() << QByteArray(kZeroDivisionStderr);
    QTest::newRow("a frame part without its newline")
        << "ValueError"
        << "x"
        << QStringList{rule, header("ValueError"),
                       "Cell \x1b[0;32mIn[2], line 1\x1b[0m\n\x1b[0;32m----> 1\x1b[0m raise ValueError('x')",
                       "\x1b[0;31mValueError\x1b[0m: x"}
        << plainRule + "ValueError                         Traceback (most recent call last)\n"
                       "Cell In[2], line 1\n----> 1 raise ValueError('x')\nValueError: x\n";
    QTest::newRow("chained: two rules, two headers")
        << "ValueError"
        << "bad"
        << QStringList{rule,
                       header("KeyError"),
                       "Cell \x1b[0;32mIn[1], line 2\x1b[0m\n\x1b[0;32m----> 2\x1b[0m "
                       "d[\x1b[38;5;124m'k'\x1b[39m]\n",
                       "\x1b[0;31mKeyError\x1b[0m: 'k'",
                       "\nDuring handling of the above exception, another exception occurred:\n\n",
                       rule,
                       header("ValueError"),
                       "Cell \x1b[0;32mIn[1], line 4\x1b[0m\n\x1b[0;32m----> 4\x1b[0m raise "
                       "ValueError('bad')\n",
                       "\x1b[0;31mValueError\x1b[0m: bad"}
        << plainRule +
               "KeyError                         Traceback (most recent call last)\n"
               "Cell In[1], line 2\n----> 2 d['k']\nKeyError: 'k'\n"
               "During handling of the above exception, another exception occurred:\n\n" +
               plainRule +
               "ValueError                         Traceback (most recent call last)\n"
               "Cell In[1], line 4\n----> 4 raise ValueError('bad')\nValueError: bad\n";
    QTest::newRow("SyntaxError: one part")
        << "SyntaxError"
        << "invalid syntax"
        << QStringList{"\x1b[0;36m  Cell \x1b[0;32mIn[1], line 1\x1b[0m\n\x1b[0;31m    1/\x1b[0m\n"
                       "\x1b[0m      ^\x1b[0m\n\x1b[0;31mSyntaxError\x1b[0m\x1b[0;31m:\x1b[0m invalid "
                       "syntax\n"}
        << QByteArray("  Cell In[1], line 1\n    1/\n      ^\nSyntaxError: invalid syntax\n");
    QTest::newRow("a source line of dashes is left alone")
        << "NameError"
        << "name 'x' is not defined"
        << QStringList{"Cell In[1], line 1\n----> 1 x # ------------------------------\n",
                       "NameError: name 'x' is not defined"}
        << QByteArray("Cell In[1], line 1\n----> 1 x # ------------------------------\n"
                      "NameError: name 'x' is not defined\n");
    QTest::newRow("no traceback at all") << "RuntimeError"
                                         << "odd" << QStringList{} << QByteArray("RuntimeError: odd\n");
}

void TestE2bProtocol::tracebackParts() {
    QFETCH(QString, name);
    QFETCH(QString, value);
    QFETCH(QStringList, parts);
    QFETCH(QByteArray, stderrBytes);
    const QByteArray seen = stderrOf({errorLine(name, value, parts), endOfExecution()});
    QCOMPARE(seen, stderrBytes);
    QVERIFY(!seen.contains('\x1b'));
}

void TestE2bProtocol::systemExit_data() {
    QTest::addColumn<QString>("value");
    QTest::addColumn<QByteArray>("before");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("stderrBytes");
    QTest::newRow("sys.exit(3)") << "3" << QByteArray() << 3 << QByteArray();
    QTest::newRow("sys.exit(259): what the exit status keeps") << "259" << QByteArray() << 3 << QByteArray();
    QTest::newRow("sys.exit()") << "" << QByteArray() << 0 << QByteArray();
    QTest::newRow("sys.exit(None)") << "None" << QByteArray() << 0 << QByteArray();
    QTest::newRow("sys.exit('bye')") << "bye" << QByteArray() << 1 << QByteArray("bye\n");
    QTest::newRow("sys.exit(4) after the program's own stderr")
        << "4" << QByteArray("careful\n") << 4 << QByteArray("careful\n");
}

void TestE2bProtocol::systemExit() {
    QFETCH(QString, value);
    QFETCH(QByteArray, before);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, stderrBytes);
    // As the kernel sends it: the error, then IPython's warning on stderr (sometimes in one message with the
    // program's last stderr), then the end.
    ScriptedHttpServer server;
    QList<QByteArray> lines;
    if (!before.isEmpty())
        lines.append(stderrLine(before.constData()));
    lines.append(errorLine("SystemExit", value, systemExitTraceback(value)));
    lines.append(stderrLine(kExitWarning));
    lines.append(endOfExecution());
    scriptRun(server, streamOf(lines));
    E2bTier tier(settingsFor(server));
    RecordingSink sink;
    const RunResult result = tier.run(program("import sys; sys.exit(...)"), sink.sink(), {});
    QCOMPARE(result.exitCode, std::optional<int>(exitCode));
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
    QCOMPARE(QByteArray::fromStdString(result.stderrBytes), stderrBytes);
    QCOMPARE(QByteArray::fromStdString(sink.all(Stream::Stderr)), stderrBytes);
}

void TestE2bProtocol::exitWarningAcrossMessages() {
    const QByteArray warning(kExitWarning);
    const qsizetype split = warning.indexOf('\n') + 1;
    // In one message with other text, and split over two messages at its line break or inside its second.
    QCOMPARE(stderrOf({stderrLine(("a\n" + warning + "b\n").constData()), endOfExecution()}),
             QByteArray("a\nb\n"));
    QCOMPARE(stderrOf({stderrLine(warning.left(split).constData()),
                       stderrLine(warning.mid(split).constData()), stderrLine("after\n"), endOfExecution()}),
             QByteArray("after\n"));
    QCOMPARE(stderrOf({stderrLine(warning.left(split + 5).constData()),
                       stderrLine(warning.mid(split + 5).constData()), endOfExecution()}),
             QByteArray());
    // Its first line alone, then something else: nothing is dropped, and the order holds.
    QCOMPARE(stderrOf({stderrLine(warning.left(split).constData()), stderrLine("other\n"), endOfExecution()}),
             warning.left(split) + "other\n");
    QCOMPARE(stderrOf({stderrLine(warning.left(split).constData()), endOfExecution()}), warning.left(split));
    QByteArray order;
    ExecutionStream stream([&order](Stream which, std::string_view bytes) {
        order += (which == Stream::Stdout ? "out:" : "err:") + QByteArray(bytes.data(), bytes.size());
    });
    stream.feed(stderrLine(warning.left(split).constData()).toStdString());
    stream.feed(stdoutLine("x\n").toStdString());
    QCOMPARE(order, "err:" + warning.left(split) + "out:x\n");
    // Not IPython's file, or another message: the program's own text, kept.
    const QByteArray lookalike =
        "/home/me/interactiveshell.py:3585: UserWarning: To exit: use 'exit', 'quit', "
        "or Ctrl-D.\n  warn(\"To exit: use 'exit', 'quit', or Ctrl-D.\", "
        "stacklevel=1)\n";
    QCOMPARE(stderrOf({stderrLine(lookalike.constData()), endOfExecution()}), lookalike);
    QCOMPARE(QByteArray::fromStdString(withoutExitWarning(warning.toStdString())), QByteArray());
}

void TestE2bProtocol::repairsJsonText() {
    QCOMPARE(repairJsonText("plain \\\"ascii\\\" \\\\udcff"), std::string("plain \\\"ascii\\\" \\\\udcff"));
    QCOMPARE(repairJsonText("pair \\ud83d\\ude00 kept"), std::string("pair \\ud83d\\ude00 kept"));
    QCOMPARE(repairJsonText("lone \\ud83d end"), std::string("lone \\ufffd end"));
    QCOMPARE(repairJsonText("ok \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"),
             std::string("ok \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));
    QCOMPARE(repairJsonText("overlong \xC0\xAF, cut \xE2\x82"),
             std::string("overlong \xEF\xBF\xBD\xEF\xBF\xBD, cut \xEF\xBF\xBD"));
    QCOMPARE(withoutAnsiEscapes("\x1b[0;31mred\x1b[0m \x1b[38;5;241mgrey\x1b[39m"), std::string("red grey"));
}

QTEST_GUILESS_MAIN(TestE2bProtocol)

// An allow list goes to E2B as its own egress rules: the names and ranges allowed, all else denied, and
// internet access off, so an API that ignored the rules would give no network rather than all of it.
void TestE2bProtocol::allowListBecomesEgressRules() {
    ScriptedHttpServer server;
    scriptRun(server, streamOf({numberOfExecutions(1), stdoutLine("ok\n"), endOfExecution()}), false);
    E2bTier tier(settingsFor(server));
    RunRequest request = program("print('ok')\n", 5.0);
    request.policy = Policy::fromJson("{\"network\": {\"allow\": [\"api.example.com\", \"*.example.org\"], "
                                      "\"allow_ips\": [\"203.0.113.0/24\"]}}");
    request.policy.environment.clear();
    RecordingSink sink;
    const RunResult result = tier.run(request, sink.sink(), {});
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    const QJsonObject createBody = jsonBody(server.requests().first());
    QCOMPARE(createBody["allow_internet_access"].toBool(), false);
    const QJsonObject network = createBody["network"].toObject();
    QCOMPARE(network["allowOut"].toArray(),
             (QJsonArray{"api.example.com", "*.example.org", "203.0.113.0/24"}));
    QCOMPARE(network["denyOut"].toArray(), (QJsonArray{"0.0.0.0/0"}));
}

void TestE2bProtocol::allowListE2bCannotSayIsRefused_data() {
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QString>("why");
    QTest::newRow("a port") << "{\"network\": {\"allow\": [\"api.example.com:8443\"]}}"
                            << "not ports";
    QTest::newRow("a secret") << "{\"network\": {\"allow\": [\"api.example.com\"]}, \"secrets\": [{\"name\": "
                                 "\"API_KEY\", \"from_env\": \"K\", \"hosts\": [\"api.example.com\"]}]}"
                              << "cannot keep a secret";
}

// Refused before any request: no sandbox is made for a run E2B could not confine as asked.
void TestE2bProtocol::allowListE2bCannotSayIsRefused() {
    QFETCH(QString, policy);
    QFETCH(QString, why);
    ScriptedHttpServer server;
    E2bTier tier(settingsFor(server));
    RunRequest request = program("print('ok')\n", 5.0);
    request.policy = Policy::fromJson(policy.toStdString());
    RecordingSink sink;
    const RunResult result = tier.run(request, sink.sink(), {});
    QCOMPARE(toString(result.stoppedBy), toString(StopReason::SetupFailure));
    QVERIFY2(QString::fromStdString(result.evidence).contains(why), result.evidence.c_str());
    QVERIFY(server.requests().isEmpty());
}

#include "tst_e2b_protocol.moc"
