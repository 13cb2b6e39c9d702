// The bundled agent tasks (examples/tasks) end to end on every local tier: `sandbench-cli agent --task NAME`
// against a scripted Anthropic server whose model reads the task's data at /data and leaves a chart and a
// table in /tmp/outputs. The data must arrive read-only, the artifacts must come back into --artifacts DIR
// byte for byte as the program wrote them, and the chart must go back to the model as an image. The model's
// code uses only the standard library (it writes its PNG with zlib), so it runs on tiers without numpy.

#include "core/agent/agent_task.h"
#include "support/cli_runner.h"
#include "support/provider_scripts.h"
#include "support/scripted_http_server.h"
#include "support/source_paths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using test_support::CliRun;
using test_support::runCli;

namespace {

// The standard library's way to a PNG: rows of RGB behind a filter byte, deflated, in three chunks.
constexpr const char* kPngWriter = R"PY(import csv, os, struct, zlib
def png(path, width, height, colour):
    rows = b"".join(b"\0" + bytes(c for x in range(width) for c in colour(x, y)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
try:
    open("/data/probe", "w")
    print("DATA WRITABLE")
except OSError as e:
    print("data read-only:", type(e).__name__)
os.makedirs("/tmp/outputs", exist_ok=True)
)PY";

constexpr const char* kRevenueCode = R"PY(months = {}
with open("/data/sales.csv") as f:
    for row in csv.DictReader(f):
        months[row["date"][:7]] = months.get(row["date"][:7], 0) + float(row["revenue"])
with open("/tmp/outputs/revenue_by_month.csv", "w") as out:
    out.write("month,revenue\n" + "".join(f"{m},{v:.2f}\n" for m, v in sorted(months.items())))
top = max(months.values())
values = [v for _, v in sorted(months.items())]
png("/tmp/outputs/revenue_by_month.png", 120, 80,
    lambda x, y: (40, 90, 200) if 80 - y <= 75 * values[min(x // 20, 5)] / top and x % 20 > 3 else (255, 255, 255))
print(f"months {len(months)} total {sum(months.values()):.2f}")
)PY";

constexpr const char* kFitCode =
    R"PY(points = [(float(r["x"]), float(r["y"])) for r in csv.DictReader(open("/data/measurements.csv"))]
n = len(points)
mx = sum(x for x, _ in points) / n
my = sum(y for _, y in points) / n
a = sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)
b = my - a * mx
residuals = [y - (a * x + b) for x, y in points]
r2 = 1 - sum(e * e for e in residuals) / sum((y - my) ** 2 for _, y in points)
with open("/tmp/outputs/residuals.csv", "w") as out:
    out.write("x,residual\n" + "".join(f"{x},{e:.4f}\n" for (x, _), e in zip(points, residuals)))
png("/tmp/outputs/fit.png", 100, 100, lambda x, y: (0, 0, 0) if abs((99 - y) - (a * x / 5 + b) / 2) < 1.5 else (255, 255, 255))
print(f"a {a:.3f} b {b:.3f} r2 {r2:.4f}")
)PY";

struct TaskCase {
    const char* task;
    const char* code;
    QStringList artifacts;
    const char* printed; // a word of what the program prints
};

const TaskCase kCases[] = {
    {"revenue-by-month", kRevenueCode, {"revenue_by_month.csv", "revenue_by_month.png"}, "months 6 total"},
    {"fit-a-line", kFitCode, {"fit.png", "residuals.csv"}, "r2 0.9"},
};

// Whether the CLI lists `tier` as usable with `engine`, else why not.
QString tierProblem(const QString& tier, const QString& engine) {
    QProcess probe;
    QStringList arguments{"tiers", "--json"};
    if (!engine.isEmpty())
        arguments << "--engine" << engine;
    probe.start(test_support::cliPath(), arguments);
    if (!probe.waitForFinished(60000))
        return "sandbench-cli tiers did not answer";
    for (const QJsonValue& listed : QJsonDocument::fromJson(probe.readAllStandardOutput()).array()) {
        const QJsonObject object = listed.toObject();
        if (object["name"].toString() == tier)
            return object["available"].toBool() ? QString() : object["reason"].toString();
    }
    return tier + " is not listed";
}

} // namespace

class TestAgentTasks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        qputenv("no_proxy", "127.0.0.1,localhost");
        qputenv("NO_PROXY", "127.0.0.1,localhost");
    }

    // Every bundled task loads: a title, a request, and data that exist.
    void bundledTasksLoad() {
        const auto tasks = sandbench::agent::agentTasksIn(test_support::tasksSourceDir());
        QCOMPARE(tasks.size(), std::size(kCases));
        for (const auto& task : tasks) {
            QVERIFY(!task.title.empty());
            QVERIFY(task.prompt.find("/tmp/outputs") != std::string::npos);
            QVERIFY(!task.inputs.empty());
            for (const std::string& input : task.inputs) {
                QVERIFY2(QFile::exists(QString::fromStdString(input)), input.c_str());
                QVERIFY2(task.prompt.find(
                             "/data/" + QFileInfo(QString::fromStdString(input)).fileName().toStdString()) !=
                             std::string::npos,
                         "the request names each data file where the program finds it");
            }
        }
    }

    void taskRunsOnEveryTier_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("tier");
        QTest::addColumn<QString>("engine");
        const QList<QPair<QString, QString>> tiers{{"subprocess", ""},
                                                   {"container", "docker"},
                                                   {"container", "podman"},
                                                   {"gvisor", "docker"},
                                                   {"microvm", ""}};
        for (int index = 0; index < int(std::size(kCases)); ++index)
            for (const auto& [tier, engine] : tiers)
                QTest::addRow("%s on %s%s", kCases[index].task, qPrintable(tier),
                              engine.isEmpty() ? "" : qPrintable(" (" + engine + ")"))
                    << index << tier << engine;
    }
    void taskRunsOnEveryTier() {
        QFETCH(int, index);
        QFETCH(QString, tier);
        QFETCH(QString, engine);
        if (const QString problem = tierProblem(tier, engine); !problem.isEmpty())
            QSKIP(qPrintable(tier + " is not usable here: " + problem));
        const TaskCase& task = kCases[index];

        test_support::ScriptedHttpServer server;
        server.enqueue("POST", "/v1/messages",
                       test_support::anthropicTurn("Reading the data.",
                                                   {{"toolu_1", std::string(kPngWriter) + task.code}}));
        server.enqueue("POST", "/v1/messages", test_support::anthropicTurn("Done: the chart is attached."));
        QTemporaryDir folder;
        QStringList arguments{"agent",   "--provider",  "anthropic",  "--base-url", server.url(),
                              "--model", "test-model",  "--tier",     tier,         "--task",
                              task.task, "--artifacts", folder.path()};
        if (!engine.isEmpty())
            arguments << "--engine" << engine;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("ANTHROPIC_API_KEY", "sk-ant-test-tasks");
        const CliRun result = runCli(arguments, {}, 240000, environment);
        QVERIFY2(result.exitCode == 0, (result.out + result.err).constData());
        QVERIFY2(result.out.contains(task.printed), result.out.constData());
        QVERIFY2(result.out.contains("data read-only:"), result.out.constData());

        // The artifacts, as the program wrote them, in DIR/run-1.
        const QDir run(folder.filePath("run-1"));
        QCOMPARE(run.entryList(QDir::Files, QDir::Name), task.artifacts);
        for (const QString& name : task.artifacts) {
            QFile file(run.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            if (name.endsWith(".png"))
                QVERIFY2(bytes.startsWith("\x89PNG\r\n\x1a\n"), qPrintable(name));
            else
                QVERIFY2(bytes.count('\n') >= 7, bytes.constData());
        }

        // The model saw the chart: its second request carries the PNG as an image of the tool result.
        const auto requests = server.requests("POST", "/v1/messages");
        QCOMPARE(requests.size(), 2);
        const QJsonArray messages = QJsonDocument::fromJson(requests[1].body).object()["messages"].toArray();
        const QJsonArray blocks =
            messages.last().toObject()["content"].toArray()[0].toObject()["content"].toArray();
        bool sawImage = false;
        for (const QJsonValue& block : blocks)
            sawImage |= block.toObject()["type"] == "image" &&
                        block.toObject()["source"].toObject()["media_type"] == "image/png";
        QVERIFY2(sawImage, requests[1].body.left(2000).constData());
    }
};

QTEST_GUILESS_MAIN(TestAgentTasks)
#include "tst_agent_tasks.moc"
