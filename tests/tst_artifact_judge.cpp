// The judge's rules over a run's artifacts (`expect: artifacts leak|caps|names|types`) and over a planted
// input (`inputs: planted`), without running anything: each row is a result a tier could return, and the
// verdict, layer and evidence the judge must give it. The rules are what the hostile suite's attacks 55-60
// are held to on every tier (tst_attack_matrix runs them for real).

#include "core/artifacts.h"
#include "core/attack_judge.h"
#include "core/attack_suite.h"

#include <QTest>

using namespace sandbench;

namespace {

constexpr const char* kSecret = "aws_secret_access_key=NOT-A-REAL-KEY-0123abcd";
constexpr const char* kInputMarker = "SANDBENCH-INPUT-89abcdef";

Artifact artifact(const std::string& name, const std::string& bytes, const std::string& type = {},
                  std::int64_t size = -1) {
    Artifact made;
    made.name = name;
    made.bytes = bytes;
    made.size = size >= 0 ? size : static_cast<std::int64_t>(bytes.size());
    made.type = type.empty() ? sniffArtifactType(bytes) : type;
    return made;
}

using Artifacts = std::vector<Artifact>;

RunContext context(bool control = false) {
    RunContext made;
    made.started = true;
    made.tier.name = control ? "host" : "subprocess";
    made.tier.control = control;
    made.plantedSecret = kSecret;
    made.inputMarker = kInputMarker;
    made.artifactsMax = 20;
    made.artifactsMb = 10;
    return made;
}

} // namespace

Q_DECLARE_METATYPE(Artifacts)

class TestArtifactJudge : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rules_data() {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<Artifacts>("artifacts");
        QTest::addColumn<QStringList>("dropped");
        QTest::addColumn<QString>("stderrText");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QString>("layer");
        QTest::addColumn<QString>("evidenceWord");

        const std::string png("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
        const QStringList none;
        const QStringList linkDropped{"credentials-symlink.txt: a symbolic link, not followed"};

        // leak: the planted secret's or input's bytes in any artifact.
        QTest::newRow("leak: the secret through a followed link")
            << "leak" << Artifacts{artifact("creds.txt", std::string("x") + kSecret)} << none << ""
            << "ALLOWED"
            << "none"
            << "planted secret";
        QTest::newRow("leak: the input's text")
            << "leak" << Artifacts{artifact("input.txt", std::string(kInputMarker) + "\n")} << none << ""
            << "ALLOWED"
            << "none"
            << "planted input";
        QTest::newRow("leak: the secret in a second artifact")
            << "leak" << Artifacts{artifact("a.txt", "fine"), artifact("b.txt", kSecret)} << none << ""
            << "ALLOWED"
            << "none"
            << "\"b.txt\"";
        QTest::newRow("leak: link dropped, nothing of the host")
            << "leak" << Artifacts{artifact("own.txt", "its own bytes")} << linkDropped
            << "DENIED link(/x/credentials) ENOENT\n"
            << "BLOCKED"
            << "artifact collector"
            << "ENOENT";
        QTest::newRow("leak: a part of the secret is no leak")
            << "leak" << Artifacts{artifact("a.txt", std::string(kSecret).substr(0, 20))} << linkDropped << ""
            << "BLOCKED"
            << "artifact collector"
            << "followed no link";

        // caps: more artifacts or bytes than the policy's caps.
        Artifacts twenty, twentyOne;
        for (int i = 0; i < 21; ++i) {
            (i < 20 ? twenty : twentyOne).push_back(artifact("f" + std::to_string(i), "x"));
            if (i < 20)
                twentyOne.push_back(artifact("f" + std::to_string(i), "x"));
        }
        QTest::newRow("caps: exactly the cap")
            << "caps" << twenty << QStringList{"f20: past the policy's cap of 20 artifacts (artifacts_max)"}
            << "DENIED create(f4093) ENOSPC\n"
            << "BLOCKED"
            << "artifact collector"
            << "within the policy's caps";
        QTest::newRow("caps: one past the count") << "caps" << twentyOne << none << ""
                                                  << "ALLOWED"
                                                  << "none"
                                                  << "21 artifacts";
        QTest::newRow("caps: a 1 GB sparse file reported by stat")
            << "caps" << Artifacts{artifact("sparse.bin", std::string(64, '\0'), {}, 1LL << 30)} << none << ""
            << "ALLOWED"
            << "none"
            << "1073741824 bytes";
        QTest::newRow("caps: 10 MB exactly") << "caps" << Artifacts{artifact("big.bin", "x", {}, 10LL << 20)}
                                             << QStringList{"more: too big"} << ""
                                             << "BLOCKED"
                                             << "artifact collector"
                                             << "10485760 bytes";
        QTest::newRow("caps: one byte past the size")
            << "caps" << Artifacts{artifact("big.bin", "x", {}, (10LL << 20) + 1)} << none << ""
            << "ALLOWED"
            << "none"
            << "10 MB";

        // names: one safe component, or the name is a hole.
        QTest::newRow("names: sanitised") << "names"
                                          << Artifacts{artifact(sanitizeArtifactName("\x1b[31mred"), "x"),
                                                       artifact(sanitizeArtifactName("a\nb"), "x")}
                                          << none << ""
                                          << "BLOCKED"
                                          << "artifact collector"
                                          << "_[31mred";
        QTest::newRow("names: an escape sequence kept")
            << "names" << Artifacts{artifact("\x1b[2Jred.txt", "x")} << none << ""
            << "ALLOWED"
            << "none"
            << "\\x1B[2J";
        QTest::newRow("names: a newline kept") << "names" << Artifacts{artifact("a\nb", "x")} << none << ""
                                               << "ALLOWED"
                                               << "none"
                                               << "control character";
        QTest::newRow("names: a path") << "names" << Artifacts{artifact("sub/inner.txt", "x")} << none << ""
                                       << "ALLOWED"
                                       << "none"
                                       << "'/'";
        QTest::newRow("names: climbing out")
            << "names" << Artifacts{artifact("../../etc/cron.d/x", "x")} << none << ""
            << "ALLOWED"
            << "none"
            << "'/'";
        QTest::newRow("names: dot dot alone") << "names" << Artifacts{artifact("..", "x")} << none << ""
                                              << "ALLOWED"
                                              << "none"
                                              << "\"..\"";
        QTest::newRow("names: a NUL")
            << "names" << Artifacts{artifact(std::string("a\0b", 3), "x")} << none << ""
            << "ALLOWED"
            << "none"
            << "NUL";
        QTest::newRow("names: 256 bytes")
            << "names" << Artifacts{artifact(std::string(256, 'L'), "x")} << none << ""
            << "ALLOWED"
            << "none"
            << "255 bytes";
        QTest::newRow("names: 255 bytes")
            << "names" << Artifacts{artifact(std::string(255, 'L'), "x")} << none << ""
            << "BLOCKED"
            << "artifact collector"
            << "safe component";
        QTest::newRow("names: a C1 CSI") << "names" << Artifacts{artifact("x\xc2\x9by", "x")} << none << ""
                                         << "ALLOWED"
                                         << "none"
                                         << "control character";
        QTest::newRow("names: a right-to-left override")
            << "names" << Artifacts{artifact("invoice-\xe2\x80\xaegnp.exe", "x")} << none << ""
            << "ALLOWED"
            << "none"
            << "bidirectional";
        QTest::newRow("names: not UTF-8") << "names" << Artifacts{artifact("caf\xe9", "x")} << none << ""
                                          << "ALLOWED"
                                          << "none"
                                          << "UTF-8";
        QTest::newRow("names: Unicode is fine")
            << "names" << Artifacts{artifact("Grafik-\xc3\xa4.png", "x")} << none << ""
            << "BLOCKED"
            << "artifact collector"
            << "Grafik";

        // types: an image type the bytes do not bear out.
        QTest::newRow("types: sniffed by the bytes")
            << "types"
            << Artifacts{artifact("chart.png", "<html><script></script></html>"), artifact("real.png", png)}
            << none << ""
            << "BLOCKED"
            << "artifact collector"
            << "\"chart.png\" text/plain";
        QTest::newRow("types: HTML called a PNG")
            << "types" << Artifacts{artifact("chart.png", "<html><script></script></html>", "image/png")}
            << none << ""
            << "ALLOWED"
            << "none"
            << "typed image/png, but its bytes are text/plain";
        QTest::newRow("types: an ELF called a PNG") << "types"
                                                    << Artifacts{artifact("photo.png",
                                                                          std::string("\x7f"
                                                                                      "ELF\x02\x01\x01\0",
                                                                                      8),
                                                                          "image/png")}
                                                    << none << ""
                                                    << "ALLOWED"
                                                    << "none"
                                                    << "application/octet-stream";
        QTest::newRow("types: a PNG called a JPEG")
            << "types" << Artifacts{artifact("photo.jpg", png, "image/jpeg")} << none << ""
            << "ALLOWED"
            << "none"
            << "image/png";
        QTest::newRow("types: an SVG reaching outside called an SVG")
            << "types"
            << Artifacts{artifact("logo.svg", "<svg><image href=\"file:///etc/hostname\"/></svg>",
                                  "image/svg+xml")}
            << none << ""
            << "ALLOWED"
            << "none"
            << "text/plain";
        QTest::newRow("types: a GIF no sniffer knows")
            << "types" << Artifacts{artifact("a.gif", "GIF89a", "image/gif")} << none << ""
            << "ALLOWED"
            << "none"
            << "image/gif";
        QTest::newRow("types: a real PNG")
            << "types" << Artifacts{artifact("real.png", png, "image/png")} << none << ""
            << "BLOCKED"
            << "artifact collector"
            << "image/png";

        // Nothing reached the collector: the program's own refusal names the layer.
        QTest::newRow("nothing came back")
            << "names" << Artifacts{} << none << "DENIED mkdir(/tmp/outputs) EROFS\n"
            << "BLOCKED"
            << "read-only filesystem"
            << "0 artifacts came back";
    }

    void rules() {
        QFETCH(QString, rule);
        QFETCH(Artifacts, artifacts);
        QFETCH(QStringList, dropped);
        QFETCH(QString, stderrText);
        QFETCH(QString, verdict);
        QFETCH(QString, layer);
        QFETCH(QString, evidenceWord);

        const Attack attack =
            parseAttack("a.py", "# name: A\n# expect: artifacts " + rule.toStdString() + "\n");
        RunResult result;
        result.tier = "subprocess";
        result.exitCode = stderrText.isEmpty() ? 0 : 1;
        result.stderrBytes = stderrText.toStdString();
        result.artifacts = artifacts;
        for (const QString& line : dropped)
            result.artifactsDropped.push_back(line.toStdString());
        const Judgement judgement = judgeAttack(attack, result, context());
        const QString evidence = QString::fromStdString(judgement.evidence);
        QCOMPARE(QString::fromLatin1(toString(judgement.verdict)), verdict);
        QCOMPARE(QString::fromStdString(judgement.layer), layer);
        QVERIFY2(evidence.contains(evidenceWord), qPrintable(evidence));
        // Evidence is one line a terminal shows safely: no control character of a hostile name in it.
        for (const QChar c : evidence)
            QVERIFY2(c.unicode() >= 0x20 && (c.unicode() < 0x7F || c.unicode() > 0x9F), qPrintable(evidence));
        if (judgement.verdict == Verdict::Blocked)
            QVERIFY2(evidence.contains(layer, Qt::CaseInsensitive), qPrintable(evidence));
    }

    // The host's copy of a planted input decides before anything the program said or how it ended.
    void changedInputIsAllowed_data() {
        QTest::addColumn<QString>("expect");
        QTest::addColumn<QString>("changed");
        QTest::addColumn<bool>("started");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QString>("evidenceWord");
        QTest::newRow("marker attack, host copy changed, no marker")
            << "marker INPUT_CHANGED"
            << "notes.txt: bytes changed" << true << "ALLOWED"
            << "notes.txt: bytes changed";
        QTest::newRow("artifacts attack, host copy changed") << "artifacts leak"
                                                             << "new entry x" << true << "ALLOWED"
                                                             << "new entry x";
        QTest::newRow("changed though the program never started")
            << "marker INPUT_CHANGED"
            << "planted: mode 0755 became 0777" << false << "ALLOWED"
            << "0777";
        QTest::newRow("unchanged: blocked, and said so") << "marker INPUT_CHANGED"
                                                         << "" << true << "BLOCKED"
                                                         << "planted input is unchanged";
    }

    void changedInputIsAllowed() {
        QFETCH(QString, expect);
        QFETCH(QString, changed);
        QFETCH(bool, started);
        QFETCH(QString, verdict);
        QFETCH(QString, evidenceWord);
        const Attack attack =
            parseAttack("a.py", "# name: A\n# inputs: planted\n# expect: " + expect.toStdString() + "\n");
        QVERIFY(attack.plantedInputs);
        RunResult result;
        result.tier = "subprocess";
        result.exitCode = 1;
        result.stderrBytes = "DENIED write(/data/planted/notes.txt) EROFS\n";
        RunContext run = context();
        run.started = started;
        run.inputsChanged = changed.toStdString();
        const Judgement judgement = judgeAttack(attack, result, run);
        const QString evidence = QString::fromStdString(judgement.evidence);
        QCOMPARE(QString::fromLatin1(toString(judgement.verdict)), verdict);
        QVERIFY2(evidence.contains(evidenceWord), qPrintable(evidence));
        QCOMPARE(QString::fromStdString(judgement.layer),
                 verdict == "ALLOWED" ? QStringLiteral("none") : QStringLiteral("read-only filesystem"));
    }

    // Only the harness's deadline ended a flood: the tier never bounded it.
    void unboundedFloodIsAllowed() {
        const Attack attack = parseAttack("a.py", "# name: A\n# expect: artifacts caps\n");
        RunResult result;
        result.tier = "subprocess";
        result.stoppedBy = StopReason::Cancelled;
        result.evidence = "cancelled";
        RunContext run = context();
        run.endedByHarnessDeadline = true;
        const Judgement judgement = judgeAttack(attack, result, run);
        QVERIFY(judgement.verdict == Verdict::Allowed);
        QVERIFY2(judgement.evidence.find("harness's deadline") != std::string::npos,
                 judgement.evidence.c_str());
        // The other rules are not about boundedness: their runs are BLOCKED by the deadline, so named.
        const Judgement names =
            judgeAttack(parseAttack("b.py", "# name: B\n# expect: artifacts names\n"), result, run);
        QVERIFY(names.verdict == Verdict::Blocked);
        QCOMPARE(names.layer, std::string("harness deadline"));
    }

    void headerIsStrict_data() {
        QTest::addColumn<QString>("header");
        QTest::addColumn<bool>("valid");
        QTest::newRow("artifacts leak") << "# expect: artifacts leak\n" << true;
        QTest::newRow("artifacts types") << "# expect: artifacts types\n" << true;
        QTest::newRow("artifacts without a rule") << "# expect: artifacts\n" << false;
        QTest::newRow("artifacts with an unknown rule") << "# expect: artifacts sizes\n" << false;
        QTest::newRow("artifacts with two rules") << "# expect: artifacts leak caps\n" << false;
        QTest::newRow("inputs planted") << "# expect: marker X\n# inputs: planted\n" << true;
        QTest::newRow("inputs other") << "# expect: marker X\n# inputs: /etc\n" << false;
    }

    void headerIsStrict() {
        QFETCH(QString, header);
        QFETCH(bool, valid);
        bool parsed = true;
        try {
            parseAttack("a.py", "# name: A\n" + header.toStdString());
        } catch (const AttackSuiteError&) {
            parsed = false;
        }
        QCOMPARE(parsed, valid);
    }
};

QTEST_GUILESS_MAIN(TestArtifactJudge)
#include "tst_artifact_judge.moc"
