// Lab runs saved and re-opened by the Attack Lab: exported as JSON (with the judge's keys), CSV and the
// HTML report, re-opened to the same cells (the CLI's JSON and older files too, malformed ones refused with
// the matrix kept), messages translated where they are shown, and charts saved as PNG.

#include "gui/attack_lab_page.h"
#include "gui/attack_matrix_model.h"
#include "gui/cell_details.h"
#include "gui/lab_charts.h"
#include "gui/lab_run_file.h"
#include "gui/language.h"
#include "support/attack_lab_kit.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace sandbench;

using test_support::barCounts;
using test_support::fakeOutcome;
using test_support::idlePage;
using test_support::judgedOutcome;
using test_support::writeFile;

namespace {

// What a cell shows and holds, for comparing two matrices.
QStringList cellsOf(const AttackMatrixModel& model) {
    QStringList cells;
    for (int row = 0; row < model.rowCount(); ++row) {
        for (int column = 0; column < model.columnCount(); ++column) {
            const AttackOutcome* cell = model.outcome(row, column);
            if (!cell) {
                cells.append(
                    QStringLiteral("%1|%2|-").arg(model.attacks().at(row), model.tiers().at(column)));
                continue;
            }
            const RunResult& r = cell->result;
            cells.append(
                QStringLiteral("%1|%2|%3|%4|%5|%6|%7|%8|%9")
                    .arg(model.attacks().at(row), model.tiers().at(column),
                         model.data(model.index(row, column)).toString(),
                         QString::fromStdString(cell->evidence), QString::fromStdString(cell->category),
                         QString::fromStdString(cell->fileName), cell->control ? "control" : "isolated",
                         QString::fromStdString(r.stdoutBytes + "/" + r.stderrBytes + "/" + r.evidence),
                         QStringLiteral("%1 %2 %3 %4 %5 %6")
                             .arg(r.exitCode.value_or(-1))
                             .arg(r.termSignal.value_or(-1))
                             .arg(r.wallSeconds)
                             .arg(QString::fromUtf8(toString(r.stoppedBy)))
                             .arg(r.peakMemoryKb.value_or(-1))
                             .arg(r.timedOut)));
        }
    }
    return cells;
}

// As `sandbench-cli attacks --json` prints it (docs/cli-json.md), written by hand: host (control) first.
const char* const kCliJson = R"([
  {
    "attack": "Read host secret", "file": "05_read_host_secret.py", "category": "filesystem",
    "tier": "host", "control": true, "verdict": "ALLOWED", "evidence": "secret in stdout",
    "seconds": 0.03, "stopped_by": "none", "exit_code": 0, "signal": null,
    "result": {"tier": "host", "stdout": "s3cret\n", "stderr": "", "stdout_truncated": false,
               "stderr_truncated": false, "exit_code": 0, "signal": null, "timed_out": false,
               "wall_seconds": 0.03, "cpu_seconds": 0.02, "peak_memory_kb": 9000, "stopped_by": "none",
               "evidence": ""}
  },
  {
    "attack": "CPU loop", "file": "01_cpu_loop.py", "category": "cpu",
    "tier": "subprocess", "control": false, "verdict": "BLOCKED", "evidence": "killed at 2.0 s CPU limit",
    "seconds": 2.1, "stopped_by": "cpu_limit", "exit_code": null, "signal": 9,
    "result": {"tier": "subprocess", "stdout": "", "stderr": "", "stdout_truncated": false,
               "stderr_truncated": false, "exit_code": null, "signal": 9, "timed_out": false,
               "wall_seconds": 2.1, "cpu_seconds": 2.0, "peak_memory_kb": null, "stopped_by": "cpu_limit",
               "evidence": "killed at 2.0 s CPU limit"}
  },
  {
    "attack": "Read host secret", "file": "05_read_host_secret.py", "category": "filesystem",
    "tier": "subprocess", "control": false, "verdict": "BLOCKED", "evidence": "path not present",
    "seconds": 0.04, "stopped_by": "filesystem_hidden", "exit_code": 1, "signal": null,
    "result": {"tier": "subprocess", "stdout": "", "stderr": "Traceback ...", "stdout_truncated": false,
               "stderr_truncated": false, "exit_code": 1, "signal": null, "timed_out": false,
               "wall_seconds": 0.04, "cpu_seconds": 0.01, "peak_memory_kb": 8000,
               "stopped_by": "filesystem_hidden", "evidence": "path not present"}
  }
])";

} // namespace

class TestAttackLabFiles : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void newKeysRoundTripAndOldFilesStillOpen() {
        AttackOutcome full = judgedOutcome("Ptrace the canary", "container", Verdict::Blocked, "seccomp",
                                           true, {"container sbx-ab12", "socket 127.0.0.1:4444"});
        full.layerDetail = "ptrace";
        full.layerInferred = true;
        full.needsRoot = true;
        full.unmetNeeds = "not running as root";
        AttackOutcome plain = judgedOutcome("Read host secret", "container", Verdict::Allowed, "none", false);
        const QByteArray json = QByteArray::fromStdString(dumpJson(outcomesToJson({full, plain})));

        // The CLI's key names and types (`attacks --json`).
        const QJsonObject first = QJsonDocument::fromJson(json).array().at(0).toObject();
        QCOMPARE(first.value("layer").toString(), QStringLiteral("seccomp"));
        QCOMPARE(first.value("layer_detail").toString(), QStringLiteral("ptrace"));
        QCOMPARE(first.value("layer_inferred").toBool(), true);
        QCOMPARE(first.value("expected").toBool(), true);
        QCOMPARE(first.value("needs_root").toBool(), true);
        QCOMPARE(first.value("unmet_needs").toString(), QStringLiteral("not running as root"));
        QCOMPARE(first.value("leftovers").toArray(),
                 (QJsonArray{QStringLiteral("container sbx-ab12"), QStringLiteral("socket 127.0.0.1:4444")}));

        QString error;
        const auto back = labrun::fromJson(json, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->run.outcomes.size(), std::size_t(2));
        for (std::size_t i = 0; i < 2; ++i) {
            const AttackOutcome& before = i == 0 ? full : plain;
            const AttackOutcome& after = back->run.outcomes.at(i);
            QCOMPARE(after.layer, before.layer);
            QCOMPARE(after.layerDetail, before.layerDetail);
            QCOMPARE(after.layerInferred, before.layerInferred);
            QCOMPARE(after.expected, before.expected);
            QCOMPARE(after.needsRoot, before.needsRoot);
            QCOMPARE(after.unmetNeeds, before.unmetNeeds);
            QCOMPARE(after.leftovers, before.leftovers);
            QVERIFY(after.verdict == before.verdict);
        }
        // Saved and re-opened by the page, the matrix shows the same.
        auto page = idlePage();
        page->model()->setSuite({"Ptrace the canary", "Read host secret"});
        page->model()->setTiers({"container"});
        page->model()->addOutcome("container", full);
        page->model()->addOutcome("container", plain);
        QTemporaryDir dir;
        QVERIFY2(page->exportRun(dir.filePath("new.json"), &error), qPrintable(error));
        auto reopened = idlePage();
        QVERIFY2(reopened->openRun(dir.filePath("new.json"), &error), qPrintable(error));
        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(AttackMatrixModel::LayerRole),
                         int(AttackMatrixModel::LeftoversRole), int(AttackMatrixModel::KindRole),
                         int(AttackMatrixModel::FailureRole)}) {
            for (int row = 0; row < 2; ++row)
                QCOMPARE(reopened->model()->index(row, 0).data(role),
                         page->model()->index(row, 0).data(role));
        }
        QCOMPARE(barCounts(*reopened, "container"), (VerdictCounts{1, 1, 0, 1, 1, 2}));

        // A file from before the keys opens with the engine's defaults; the control is expected.
        const auto old = labrun::fromJson(kCliJson, &error);
        QVERIFY2(old, qPrintable(error));
        for (const AttackOutcome& outcome : old->run.outcomes) {
            QVERIFY(outcome.layer.empty() && outcome.layerDetail.empty() && !outcome.layerInferred);
            QVERIFY(outcome.leftovers.empty() && !outcome.needsRoot && outcome.unmetNeeds.empty());
            QCOMPARE(outcome.expected, outcome.control);
        }
        // New keys of the wrong type are refused, naming them.
        auto withKey = [&](const char* key, const QJsonValue& value) {
            QJsonArray list = QJsonDocument::fromJson(json).array();
            QJsonObject object = list.at(0).toObject();
            object.insert(QLatin1String(key), value);
            list.replace(0, object);
            return QJsonDocument(list).toJson();
        };
        QVERIFY(!labrun::fromJson(withKey("leftovers", QJsonArray{1, QStringLiteral("x")}), &error));
        QVERIFY2(error.contains("\"leftovers\" must be an array of strings"), qPrintable(error));
        QVERIFY(!labrun::fromJson(withKey("layer_inferred", QStringLiteral("yes")), &error));
        QVERIFY2(error.contains("\"layer_inferred\" must be true or false"), qPrintable(error));
    }

    void htmlReportHasACellPerMatrixCell() {
        auto page = idlePage();
        QVERIFY(!page->exportReportAction()->isEnabled());
        AttackMatrixModel* model = page->model();
        model->setSuite({"Ptrace the canary", "Fork and stay", "Read host secret"});
        model->setTiers({"host", "subprocess"}, {"host"});
        AttackOutcome control = judgedOutcome("Ptrace the canary", "host", Verdict::Allowed, "none", true);
        control.control = true;
        model->addOutcome("host", control);
        model->addOutcome("subprocess", judgedOutcome("Ptrace the canary", "subprocess", Verdict::Blocked,
                                                      "seccomp", false));
        model->addOutcome("subprocess", judgedOutcome("Fork and stay", "subprocess", Verdict::Allowed, "none",
                                                      false, {"process <sbx> & co"}));
        model->addOutcome("subprocess",
                          judgedOutcome("Read host secret", "subprocess", Verdict::Error, "", false));
        QVERIFY(page->exportReportAction()->isEnabled());

        const LabRun run = page->labRun();
        QCOMPARE(run.suite.size(), std::size_t(3));
        QCOMPARE(run.tiers.size(), std::size_t(2));
        QCOMPARE(run.tiers.at(0).info.control, true);
        QCOMPARE(run.outcomes.size(), std::size_t(4));

        QTemporaryDir dir;
        QString error;
        const QString path = dir.filePath("report.html");
        QVERIFY2(page->exportRun(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QCOMPARE(html.count(QStringLiteral("class=\"cell\"")),
                 3 * 2);                                        // two host cells never ran: still cells
        QVERIFY(html.contains("process &lt;sbx&gt; &amp; co")); // escaped
        QVERIFY(!html.contains("process <sbx>"));

        // A re-opened run (no code, no suite) makes a report too.
        const QString cli = dir.filePath("cli.json");
        writeFile(cli, kCliJson);
        QVERIFY2(page->openRun(cli, &error), qPrintable(error));
        QVERIFY2(page->exportRun(dir.filePath("cli.htm"), &error), qPrintable(error));
        QFile reopened(dir.filePath("cli.htm"));
        QVERIFY(reopened.open(QIODevice::ReadOnly));
        const QString second = QString::fromUtf8(reopened.readAll());
        QCOMPARE(second.count(QStringLiteral("class=\"cell\"")), 2 * 2);
        QVERIFY(second.contains("cli.json"));
    }

    // A run's network decisions (the egress proxy's record) are in the cell's details under "Network", as the
    // plain text they are (names a program chose included), after a save and a re-open too; a run without
    // any shows no such heading.
    void networkDecisionsShowInTheCellDetails() {
        AttackOutcome refused =
            judgedOutcome("Egress: a name not listed", "subprocess", Verdict::Blocked, "egress proxy", false);
        refused.result.egress = {
            {"allowed", "CONNECT", "allowed.sandbench.test:443", ""},
            {"denied", "CONNECT", "<b>other</b>.sandbench.test:443", "not in allow list"}};
        const AttackOutcome quiet =
            judgedOutcome("Read host secret", "subprocess", Verdict::Blocked, "mount", false);
        auto page = idlePage();
        page->model()->setSuite({"Egress: a name not listed", "Read host secret"});
        page->model()->setTiers({"subprocess"});
        page->model()->addOutcome("subprocess", refused);
        page->model()->addOutcome("subprocess", quiet);
        QTemporaryDir dir;
        QString error;
        QVERIFY2(page->exportRun(dir.filePath("network.json"), &error), qPrintable(error));
        auto reopened = idlePage();
        QVERIFY2(reopened->openRun(dir.filePath("network.json"), &error), qPrintable(error));
        for (AttackLabPage* shown : {page.get(), reopened.get()}) {
            CellDetails* details = shown->findChild<CellDetails*>();
            shown->showDetails(shown->model()->index(0, 0));
            const QString text = details->text(QStringLiteral("evidence"));
            QVERIFY2(
                text.contains(QStringLiteral("Network: what the egress proxy allowed and refused\n"
                                             "  • allowed CONNECT allowed.sandbench.test:443\n"
                                             "  • denied CONNECT <b>other</b>.sandbench.test:443 (not in "
                                             "allow list)")),
                qPrintable(text));
            shown->showDetails(shown->model()->index(1, 0));
            QVERIFY(!details->text(QStringLiteral("evidence")).contains(QStringLiteral("Network:")));
        }
    }

    void messagesAreTranslatedWhereTheyAreShown() {
        auto& app = *qobject_cast<QApplication*>(QCoreApplication::instance());
        QVERIFY(installTranslations(app, QStringLiteral("de")));
        QString error;
        QVERIFY(!labrun::fromJson("[]", &error));
        QCOMPARE(error, QStringLiteral("Der Laborlauf enthält keine Ergebnisse"));
        QVERIFY(!labrun::fromJson(R"([{"attack": "x"}])", &error));
        QVERIFY2(error.contains(QStringLiteral("der Schlüssel \"file\" fehlt")), qPrintable(error));
        AttackOutcome outcome = judgedOutcome("x", "subprocess", Verdict::Allowed, "none", true);
        outcome.layerInferred = true;
        // The layer is the engine's word, translated through its form (core/engine_phrases.cpp).
        QCOMPARE(AttackMatrixModel::layerText(outcome), QStringLiteral("keine (abgeleitet)"));
        QCOMPARE(AttackMatrixModel::kindName(CellKind::AllowedExpected),
                 QStringLiteral("ALLOWED (erwartet)"));
        installTranslations(app, QStringLiteral("en"));
        QCOMPARE(AttackMatrixModel::kindName(CellKind::AllowedExpected),
                 QStringLiteral("ALLOWED (expected)"));
    }

    void exportAndReopenRestoreTheSameCells() {
        auto page = idlePage();
        QVERIFY(!page->exportAction()->isEnabled()); // nothing to export yet
        QVERIFY(page->openRunAction()->isEnabled());
        AttackMatrixModel* model = page->model();
        model->setSuite({"CPU loop", "Fork flood", "Read host secret"});
        model->setTiers({"subprocess", "host"}, {"host"});
        QVERIFY(!page->exportAction()->isEnabled());
        AttackOutcome odd = fakeOutcome("Read host secret", Verdict::Error, 0.25);
        odd.evidence = "a comma, a \"quote\" and ünïcödé";
        odd.category = "filesystem";
        odd.fileName = "05_read_host_secret.py";
        odd.result.tier = "subprocess";
        odd.result.stdoutBytes = "out\n";
        odd.result.stderrBytes = "Traceback\nOSError";
        odd.result.exitCode = 1;
        odd.result.wallSeconds = 0.25;
        odd.result.peakMemoryKb = 12345;
        odd.result.stoppedBy = StopReason::FilesystemHidden;
        odd.result.evidence = "hidden";
        model->addOutcome("subprocess", fakeOutcome("CPU loop", Verdict::Blocked, 2.0));
        model->addOutcome("subprocess", odd);
        AttackOutcome allowed = fakeOutcome("Fork flood", Verdict::Allowed, 1.5);
        allowed.tier = "host";
        allowed.control = true;
        allowed.result.termSignal = 9;
        allowed.result.timedOut = true;
        allowed.result.stoppedBy = StopReason::Timeout;
        model->addOutcome("host", allowed);
        QVERIFY(page->exportAction()->isEnabled());

        QTemporaryDir dir;
        const QString json = dir.filePath("run.json");
        QString error;
        QVERIFY2(page->exportRun(json, &error), qPrintable(error));
        QVERIFY(!page->exportRun(dir.filePath("run.txt"), &error));
        QVERIFY(error.contains(".json"));

        auto reopened = idlePage();
        QVERIFY2(reopened->openRun(json, &error), qPrintable(error));
        // Tiers and attacks in file order: the export lists subprocess's cells first, in row order.
        QCOMPARE(reopened->model()->tiers(), (QStringList{"subprocess", "host"}));
        QCOMPARE(reopened->model()->attacks(), (QStringList{"CPU loop", "Read host secret", "Fork flood"}));
        QCOMPARE(reopened->model()->headerData(1, Qt::Horizontal).toString(),
                 QStringLiteral("host (control)"));
        QStringList before = cellsOf(*model);
        QStringList after = cellsOf(*reopened->model());
        std::sort(before.begin(), before.end());
        std::sort(after.begin(), after.end());
        QCOMPARE(after, before);
        for (const QString tier : {"subprocess", "host"}) {
            QCOMPARE(reopened->model()->counts(tier), model->counts(tier));
            QCOMPARE(barCounts(*reopened, tier), model->counts(tier));
        }
        QCOMPARE(reopened->model()->counts("subprocess"), (VerdictCounts{1, 0, 1}));
        QVERIFY(reopened->exportAction()->isEnabled());
        QVERIFY(reopened->saveVerdictChartAction()->isEnabled());
        // The detail pane works on a re-opened cell.
        reopened->showDetails(reopened->model()->index(1, 0));
        QVERIFY(reopened->detailText("evidence").contains("a comma"));
        QCOMPARE(reopened->detailText("stdout"), QStringLiteral("out\n"));

        // The export is the lab-run document, its outcomes with the CLI's keys, `result` included.
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto exported = labrun::fromJson(file.readAll(), &error);
        QVERIFY2(exported, qPrintable(error));
        QVERIFY(!exported->outcomesOnly);
        QCOMPARE(exported->run.outcomes.size(), std::size_t(3));
    }

    void csvHasAHeaderAndOneQuotedLinePerOutcome() {
        auto page = idlePage();
        page->model()->setSuite({"CPU loop", "Read host secret"});
        page->model()->setTiers({"subprocess"});
        AttackOutcome odd = fakeOutcome("Read host secret", Verdict::Blocked, 0.04);
        odd.category = "filesystem";
        odd.evidence = "no such file, said \"open\"";
        page->model()->addOutcome("subprocess", fakeOutcome("CPU loop", Verdict::Blocked, 2.0));
        page->model()->addOutcome("subprocess", odd);
        QTemporaryDir dir;
        const QString csv = dir.filePath("run.csv");
        QString error;
        QVERIFY2(page->exportRun(csv, &error), qPrintable(error));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QCOMPARE(lines.size(), 4); // header, two outcomes, the empty rest after the last newline
        QCOMPARE(lines.at(0), QByteArray("attack,category,tier,control,verdict,seconds,evidence"));
        QCOMPARE(lines.at(1), QByteArray("CPU loop,,subprocess,false,BLOCKED,2.0,evidence for CPU loop"));
        QCOMPARE(lines.at(2), QByteArray("Read host secret,filesystem,subprocess,false,BLOCKED,0.0,"
                                         "\"no such file, said \"\"open\"\"\""));
        QVERIFY(lines.at(3).isEmpty());
    }

    void aCliJsonReopens() {
        QTemporaryDir dir;
        const QString path = dir.filePath("cli.json");
        writeFile(path, kCliJson);
        auto page = idlePage();
        QString error;
        QVERIFY2(page->openRun(path, &error), qPrintable(error));
        const AttackMatrixModel* model = page->model();
        QCOMPARE(model->tiers(), (QStringList{"host", "subprocess"}));
        QCOMPARE(model->attacks(), (QStringList{"Read host secret", "CPU loop"}));
        QCOMPARE(model->headerData(0, Qt::Horizontal).toString(), QStringLiteral("host (control)"));
        // A file from before `expected`: the control is expected to let everything through.
        QCOMPARE(model->data(model->index(0, 0)).toString(), QStringLiteral("ALLOWED (expected) 0.0 s"));
        QCOMPARE(model->data(model->index(1, 1)).toString(), QStringLiteral("BLOCKED 2.1 s"));
        QVERIFY(!model->outcome(1, 0)); // CPU loop never ran on host
        QCOMPARE(model->outcome(1, 1)->result.termSignal, std::optional<int>(9));
        QVERIFY(model->outcome(1, 1)->result.stoppedBy == StopReason::CpuLimit);
        QCOMPARE(model->outcome(0, 1)->result.peakMemoryKb, std::optional<std::int64_t>(8000));
        QCOMPARE(model->counts("host"), (VerdictCounts{0, 1, 0}));
        QCOMPARE(model->counts("subprocess"), (VerdictCounts{2, 0, 0}));
        QCOMPARE(barCounts(*page, "host"), (VerdictCounts{0, 1, 0}));
        QCOMPARE(barCounts(*page, "subprocess"), (VerdictCounts{2, 0, 0}));
    }

    void aMalformedRunIsRefusedAndTheMatrixStays() {
        QTemporaryDir dir;
        const QString good = dir.filePath("good.json");
        writeFile(good, kCliJson);
        auto page = idlePage();
        QString error;
        QVERIFY2(page->openRun(good, &error), qPrintable(error));
        const QStringList cells = cellsOf(*page->model());
        const QStringList tiers = page->model()->tiers();

        const std::string cli = kCliJson;
        auto replaced = [&](const std::string& from, const std::string& to) {
            std::string text = cli;
            text.replace(text.find(from), from.size(), to);
            return text;
        };
        const std::vector<std::pair<std::string, QString>> cases{
            {"[ {\"attack\": ", "Not valid JSON"},
            {"{\"attack\": \"x\"}", "expected an array"},
            {"[]", "no outcomes"},
            {"[1]", "outcome 1: must be an object"},
            {replaced("\"verdict\": \"BLOCKED\", ", ""), "outcome 2: the key \"verdict\" is missing"},
            {replaced("\"seconds\": 2.1", "\"seconds\": \"2.1\""), "outcome 2: \"seconds\" must be a number"},
            {replaced("\"verdict\": \"ALLOWED\"", "\"verdict\": \"MAYBE\""), "\"MAYBE\""},
            {replaced("\"control\": true", "\"control\": 1"), "outcome 1: \"control\" must be true or false"},
            {replaced("\"cpu_seconds\": 2.0, ", ""), "outcome 2, result: the key \"cpu_seconds\" is missing"},
            {replaced("\"signal\": 9, \"timed_out\"", "\"signal\": \"KILL\", \"timed_out\""),
             "outcome 2, result: \"signal\" must be a whole number or null"},
        };
        for (const auto& [text, expected] : cases) {
            const QString bad = dir.filePath("bad.json");
            writeFile(bad, text);
            QSignalSpy status(page.get(), &AttackLabPage::statusChanged);
            error.clear();
            QVERIFY2(!page->openRun(bad, &error), text.c_str());
            QVERIFY2(error.contains(expected), qPrintable(error));
            QVERIFY(error.contains("bad.json"));
            QCOMPARE(status.count(), 1); // the page says so too
            QCOMPARE(cellsOf(*page->model()), cells);
            QCOMPARE(page->model()->tiers(), tiers);
            QCOMPARE(barCounts(*page, "subprocess"), (VerdictCounts{2, 0, 0}));
        }
        QVERIFY(!page->openRun(dir.filePath("missing.json"), &error));
        QCOMPARE(cellsOf(*page->model()), cells);
    }

    void aChartIsSavedAsAPngOfTheRequestedWidth() {
        QTemporaryDir dir;
        const QString path = dir.filePath("cli.json");
        writeFile(path, kCliJson);
        auto page = idlePage();
        QVERIFY(!page->saveVerdictChartAction()->isEnabled());
        QVERIFY(!page->saveLatencyChartAction()->isEnabled());
        QVERIFY(page->openRun(path));
        QVERIFY(page->saveVerdictChartAction()->isEnabled());
        const QSize shown = page->verdictChart()->size();
        QString error;
        for (int width : {1200, 1600}) {
            const QString png = dir.filePath(QStringLiteral("verdicts-%1.png").arg(width));
            QVERIFY2(saveChartPng(page->verdictChart(), png, width, &error), qPrintable(error));
            QImageReader reader(png);
            QCOMPARE(reader.format(), QByteArray("png"));
            const QImage image = reader.read();
            QVERIFY(!image.isNull());
            QCOMPARE(image.width(), width);
            QVERIFY(image.height() > 100);
            // Not blank: the chart has more than one colour.
            QSet<QRgb> colours;
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, image.height() / 2));
            QVERIFY(colours.size() > 1);
        }
        QCOMPARE(page->verdictChart()->size(), shown); // the view is back as it was
        QVERIFY(!saveChartPng(page->verdictChart(), dir.filePath("no/such/folder/x.png"), 1200, &error));
        QVERIFY(!error.isEmpty());
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestAttackLabFiles test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_attack_lab_files.moc"
