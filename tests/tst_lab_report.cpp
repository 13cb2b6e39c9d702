#include "core/lab_report.h"
#include "support/source_paths.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStringDecoder>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <cstring>
#include <functional>
#include <unistd.h>

using namespace sandbench;

Q_DECLARE_METATYPE(sandbench::LabRun)

namespace {

// The report is HTML5 written to be well-formed XML too (elements closed, void elements self-closed,
// attributes quoted, only the XML entities), so QXmlStreamReader can check its structure: a hostile
// output that broke out of its <pre> would leave the document unbalanced or add elements.
struct Element {
    QString name;
    QHash<QString, QString> attributes;
    QString text; // every text inside it, descendants included
    int parent = -1;
};

struct Document {
    QString error;           // empty when the document is well-formed
    QList<Element> elements; // in document order

    QList<const Element*> where(const std::function<bool(const Element&)>& match) const {
        QList<const Element*> found;
        for (const auto& element : elements) {
            if (match(element))
                found.append(&element);
        }
        return found;
    }
    const Element* byId(const QString& id) const {
        const auto found = where([&](const Element& e) { return e.attributes.value("id") == id; });
        return found.size() == 1 ? found.first() : nullptr;
    }
    const Element* parentOf(const Element& element) const {
        return element.parent >= 0 ? &elements[element.parent] : nullptr;
    }
    bool isInside(const Element& element, const Element& ancestor) const {
        for (const Element* at = parentOf(element); at; at = parentOf(*at)) {
            if (at == &ancestor)
                return true;
        }
        return false;
    }
};

Document parse(const QByteArray& html) {
    Document document;
    QXmlStreamReader reader(html);
    QList<int> open;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement()) {
            Element element;
            element.name = reader.name().toString();
            for (const auto& attribute : reader.attributes())
                element.attributes.insert(attribute.qualifiedName().toString(), attribute.value().toString());
            element.parent = open.isEmpty() ? -1 : open.last();
            document.elements.append(element);
            open.append(int(document.elements.size()) - 1);
        } else if (reader.isEndElement()) {
            open.removeLast();
        } else if (reader.isCharacters()) {
            for (const int index : open)
                document.elements[index].text += reader.text();
        }
    }
    if (reader.hasError()) {
        document.error = QString("line %1 column %2: %3")
                             .arg(reader.lineNumber())
                             .arg(reader.columnNumber())
                             .arg(reader.errorString());
    }
    return document;
}

bool isValidUtf8(const QByteArray& bytes) {
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder(bytes);
    return !decoder.hasError();
}

constexpr const char* kHostileStdout = "before </pre><script>alert(1)</script> \xff\xfe bad \xc3( nul";
// How the report must show it: as text, each bad byte sequence one U+FFFD, NUL as its control picture.
const QString kHostileShown =
    QString::fromUtf8("before </pre><script>alert(1)</script> \uFFFD\uFFFD bad \uFFFD( nul"
                      "\u2400 end https://evil.example/x");

Attack attack(const std::string& fileName, const std::string& name, const std::string& category) {
    Attack a;
    a.fileName = fileName;
    a.name = name;
    a.category = category;
    a.marker = "GOT_IT";
    a.code = "# name: " + name + "\n# category: " + category + "\n# expect: marker GOT_IT\nprint('code of " +
             fileName + "')\n";
    return a;
}

AttackOutcome outcome(const Attack& a, const std::string& tier, Verdict verdict, double seconds) {
    AttackOutcome o;
    o.attack = a.name;
    o.fileName = a.fileName;
    o.category = a.category;
    o.tier = tier;
    o.control = tier == "host";
    o.verdict = verdict;
    o.seconds = seconds;
    o.evidence = "evidence for " + a.fileName + " on " + tier;
    o.layer = verdict == Verdict::Allowed ? "none" : verdict == Verdict::Blocked ? "seccomp" : "";
    o.expected = o.control;
    o.result.tier = tier;
    o.result.exitCode = verdict == Verdict::Allowed ? 0 : 1;
    o.result.wallSeconds = seconds;
    o.result.stdoutBytes = "stdout of " + a.fileName + " on " + tier;
    o.result.stderrBytes = "stderr of " + a.fileName + " on " + tier;
    return o;
}

LabTier labTier(std::string name, bool control, std::string description, std::vector<std::string> notes) {
    LabTier tier;
    tier.info.name = std::move(name);
    tier.info.control = control;
    tier.info.description = std::move(description);
    tier.notes = std::move(notes);
    return tier;
}

// Three tiers × three attacks: an expected ALLOWED (shared kernel), an unexpected ALLOWED with hostile
// output, an ERROR, a BLOCKED with leftovers, an inferred layer and an oversized stdout.
LabRun sampleRun() {
    LabRun run;
    run.startedAt = "2025-01-02T03:04:05Z";
    run.policy.timeoutSeconds = 7;
    run.policy.memoryMb = 123;
    run.policy.environment["SECRET_FREE"] = "yes";
    run.suite = {attack("a.py", "Read <secret> & \"quote\"", "secrets"),
                 attack("b.py", "Kernel probe", "kernel"), attack("c.py", "Escape", "filesystem")};
    run.suite[1].expectedOn = {"subprocess"};
    run.tiers = {
        labTier("host", true, "Control: no isolation.", {"control tier note"}),
        labTier("subprocess", false, "Hardened <subprocess> & \"friends\"",
                {"Landlock ABI 7", "seccomp: deny list"}),
        labTier("microvm", false, "A VM per run", {"accelerator: TCG emulation", "own guest kernel"})};
    run.machine.hostname = "lab-host-7";
    run.machine.kernel = "6.1.0-test #1 SMP";
    run.machine.os = "Debian GNU/Linux 12 (bookworm)";
    run.machine.cpuModel = "Imaginary CPU 9000";
    run.machine.cpuCount = 8;
    run.machine.memoryKb = 16 * 1024 * 1024;
    run.machine.facts = {{"KVM", "/dev/kvm absent: microVM guests can only run under TCG emulation"}};

    const Attack& a = run.suite[0];
    const Attack& b = run.suite[1];
    const Attack& c = run.suite[2];
    run.outcomes.push_back(outcome(a, "host", Verdict::Allowed, 0.05));
    AttackOutcome hostB = outcome(b, "host", Verdict::Blocked, 0.05);
    hostB.needsRoot = true;
    hostB.unmetNeeds = "not running as root";
    run.outcomes.push_back(hostB);
    run.outcomes.push_back(outcome(c, "host", Verdict::Allowed, 0.05));

    AttackOutcome subA = outcome(a, "subprocess", Verdict::Blocked, 0.02);
    subA.layerDetail = "ptrace";
    subA.layerInferred = true;
    AttackOutcome subB = outcome(b, "subprocess", Verdict::Allowed, 0.03);
    subB.expected = true;
    AttackOutcome subC = outcome(c, "subprocess", Verdict::Allowed, 0.04);
    subC.result.stdoutBytes = std::string(kHostileStdout, std::strlen(kHostileStdout)) +
                              std::string(1, '\0') + " end https://evil.example/x";
    subC.result.stderrBytes = "<!-- -->]]><![CDATA[ &amp; &nbsp; \x80";
    subC.evidence = "<img src=\"https://evil.example/x.png\" onerror=\"alert(2)\"/>";
    run.outcomes.insert(run.outcomes.end(), {subC, subA, subB}); // any order

    AttackOutcome vmA = outcome(a, "microvm", Verdict::Blocked, 4.5);
    vmA.layer = "guest kernel";
    vmA.result.stdoutBytes = std::string(50000, 'x');
    AttackOutcome vmB = outcome(b, "microvm", Verdict::Error, 1.5);
    vmB.result = RunResult::setupFailure("microvm", "the guest did not boot");
    AttackOutcome vmC = outcome(c, "microvm", Verdict::Blocked, 12.0);
    vmC.leftovers = {"process sandbench-run-42 (pid 4242) still alive", "VM qemu pid 777"};
    run.outcomes.insert(run.outcomes.end(), {vmA, vmB, vmC});
    return run;
}

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

CliRun runCli(const QStringList& arguments, int timeoutMs = 100000) {
    QProcess process;
    process.start(test_support::cliPath(), arguments);
    if (!process.waitForStarted())
        return {};
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return {};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            process.readAllStandardOutput(), process.readAllStandardError()};
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// Two small attacks: one that gets through everywhere (and prints hostile HTML), one that fails everywhere.
bool writeSmallSuite(const QString& folder) {
    return writeFile(folder + "/01_hello.py", "# name: Say hello\n"
                                              "# category: host-info\n"
                                              "# expect: marker HELLO_MARKER\n"
                                              "print('HELLO_MARKER')\n"
                                              "print('</pre><script>alert(1)</script>')\n") &&
           writeFile(folder + "/02_missing.py",
                     "# name: Read a missing file\n"
                     "# category: filesystem\n"
                     "# expect: marker NEVER_PRINTED\n"
                     "import sys\n"
                     "try:\n"
                     "    open('/nonexistent/sandbench-lab-report')\n"
                     "except OSError:\n"
                     "    print('DENIED open(/nonexistent) ENOENT', file=sys.stderr)\n"
                     "    sys.exit(1)\n");
}

QStringList entries(const QString& folder) {
    return QDir(folder).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden | QDir::System);
}

} // namespace

class TestLabReport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void wellFormedForAnyRun_data();
    void wellFormedForAnyRun();
    void styleSheetEmbedded();
    void matrixCells();
    void countsTable();
    void hostileOutputEscaped();
    void noExternalReferences();
    void chartsPresent();
    void detailsPresent();
    void machineDetails();
    void cliWritesReport();
    void cliAllTiers();
    void cliReportErrors();

private:
    QByteArray m_html;
    Document m_document;
};

void TestLabReport::initTestCase() {
    m_html = QByteArray::fromStdString(renderLabReportHtml(sampleRun()));
    QVERIFY(m_html.startsWith("<!DOCTYPE html>"));
    m_document = parse(m_html);
    QVERIFY2(m_document.error.isEmpty(), qPrintable(m_document.error));
    QVERIFY(isValidUtf8(m_html));
}

void TestLabReport::wellFormedForAnyRun_data() {
    QTest::addColumn<LabRun>("run");
    QTest::addColumn<int>("cells");
    QTest::newRow("sample") << sampleRun() << 9;
    QTest::newRow("nothing") << LabRun{} << 0;
    LabRun stopped = sampleRun();
    stopped.outcomes.clear();
    QTest::newRow("stopped before any run") << stopped << 9;
    LabRun unlisted = sampleRun();
    unlisted.suite.clear();
    unlisted.tiers.clear();
    QTest::newRow("only outcomes") << unlisted << 9;
    LabRun named = sampleRun();
    named.tiers[1].info.name = "<b>sub & \"process\" 'x'</b>";
    for (auto& outcome : named.outcomes) {
        if (outcome.tier == "subprocess")
            outcome.tier = named.tiers[1].info.name;
        if (outcome.fileName == "c.py")
            outcome.fileName = "c <\"'&>.py";
    }
    named.suite[2].fileName = "c <\"'&>.py";
    QTest::newRow("names with markup") << named << 9;
}

// Whatever the run, the page is one well-formed document whose every link leads somewhere in it.
void TestLabReport::wellFormedForAnyRun() {
    QFETCH(LabRun, run);
    QFETCH(int, cells);
    const QByteArray html = QByteArray::fromStdString(renderLabReportHtml(run));
    const Document document = parse(html);
    QVERIFY2(document.error.isEmpty(), qPrintable(document.error));
    QVERIFY(isValidUtf8(html));
    const auto roots = document.where([](const Element& e) { return e.parent < 0; });
    QCOMPARE(roots.size(), 1);
    QCOMPARE(roots.first()->name, QString("html"));
    QCOMPARE(document.where([](const Element& e) { return e.attributes.value("class") == "cell"; }).size(),
             cells);
    QSet<QString> ids;
    for (const auto& element : document.elements) {
        const QString id = element.attributes.value("id");
        QVERIFY2(id.isEmpty() || !ids.contains(id), qPrintable("id used twice: " + id));
        ids.insert(id);
    }
    for (const auto& element : document.elements) {
        if (const QString href = element.attributes.value("href"); !href.isEmpty())
            QVERIFY2(href.startsWith('#') && ids.contains(href.mid(1)), qPrintable(href));
    }
}

// The style sheet in the page is core/lab_report.css as it is.
void TestLabReport::styleSheetEmbedded() {
    QFile css(QString::fromUtf8(test_support::attacksSourceDir()) +
              QStringLiteral("/../core/lab_report.css"));
    QVERIFY2(css.open(QIODevice::ReadOnly), qPrintable(css.fileName()));
    const auto styles = m_document.where([](const Element& e) { return e.name == "style"; });
    QCOMPARE(styles.size(), 1);
    QCOMPARE(styles.first()->text.trimmed(), QString::fromUtf8(css.readAll()).trimmed());
}

void TestLabReport::matrixCells() {
    const auto cells =
        m_document.where([](const Element& e) { return e.attributes.value("class") == "cell"; });
    QCOMPARE(cells.size(), 9);
    QHash<QString, const Element*> byKey;
    for (const Element* cell : cells) {
        QCOMPARE(cell->name, QString("td"));
        byKey.insert(cell->attributes.value("data-tier") + "/" + cell->attributes.value("data-attack"), cell);
        // Each cell links to its details, and they exist.
        const auto links = m_document.where(
            [&](const Element& e) { return e.name == "a" && m_document.isInside(e, *cell); });
        QCOMPARE(links.size(), 1);
        const QString target = links.first()->attributes.value("href");
        QCOMPARE(target, "#cell-" + cell->attributes.value("data-tier") + "-" +
                             cell->attributes.value("data-attack"));
        const Element* details = m_document.byId(target.mid(1));
        QVERIFY2(details, qPrintable(target));
        QCOMPARE(details->name, QString("details"));
    }
    QCOMPARE(byKey.size(), 9);
    const struct {
        const char* key;
        const char* verdict;
        const char* expected;
        const char* leftovers;
        const char* shown; // text the cell must show
    } rows[] = {
        {"host/a.py", "ALLOWED", "true", "false", "expected"},
        {"host/b.py", "BLOCKED", "true", "false", "NOT POSSIBLE HERE"},
        {"subprocess/a.py", "BLOCKED", "false", "false", "seccomp"},
        {"subprocess/b.py", "ALLOWED", "true", "false", "expected"},
        {"subprocess/c.py", "ALLOWED", "false", "false", "ALLOWED"},
        {"microvm/a.py", "BLOCKED", "false", "false", "guest kernel"},
        {"microvm/b.py", "ERROR", "false", "false", "ERROR"},
        {"microvm/c.py", "BLOCKED", "false", "true", "leftovers"},
    };
    for (const auto& row : rows) {
        const Element* cell = byKey.value(row.key);
        QVERIFY2(cell, row.key);
        QCOMPARE(cell->attributes.value("data-verdict"), QString(row.verdict));
        QCOMPARE(cell->attributes.value("data-expected"), QString(row.expected));
        QCOMPARE(cell->attributes.value("data-leftovers"), QString(row.leftovers));
        QVERIFY2(cell->text.contains(row.shown), qPrintable(cell->text));
    }
    // A control cell whose attack cannot work on this machine is shown apart, grey, with no layer; no other
    // cell is.
    for (auto it = byKey.cbegin(); it != byKey.cend(); ++it)
        QCOMPARE(it.value()->attributes.value("data-not-possible"),
                 QString(it.key() == "host/b.py" ? "true" : "false"));
    QVERIFY(!byKey.value("host/b.py")->text.contains("seccomp"));
    QVERIFY(m_html.contains(".cell[data-not-possible=\"true\"]"));
    // The unexpected ALLOWED is not labelled expected; the inferred layer is marked.
    QVERIFY(!byKey.value("subprocess/c.py")->text.contains("expected"));
    const auto inferred = m_document.where([&](const Element& e) {
        return e.attributes.value("class") == "layer inferred" &&
               m_document.isInside(e, *byKey.value("subprocess/a.py"));
    });
    QCOMPARE(inferred.size(), 1);
    // The legend explains the colours.
    const auto legends =
        m_document.where([](const Element& e) { return e.attributes.value("class") == "legend"; });
    QVERIFY(!legends.isEmpty());
    QVERIFY(legends.first()->text.contains("expected"));
    QVERIFY(legends.first()->text.contains("left something behind"));
}

void TestLabReport::countsTable() {
    // The control's BLOCKED whose needs are unmet is not possible here: in no other count.
    const QStringList kinds{"blocked", "allowed",     "expected", "unexpected",
                            "error",   "notpossible", "notrun",   "leftovers"};
    const QHash<QString, QList<int>> expected{{"host", {0, 2, 2, 0, 0, 1, 0, 0}},
                                              {"subprocess", {1, 2, 1, 1, 0, 0, 0, 0}},
                                              {"microvm", {2, 0, 0, 0, 1, 0, 0, 1}}};
    const auto numbers = m_document.where(
        [](const Element& e) { return e.name == "td" && e.attributes.contains("data-count"); });
    QCOMPARE(numbers.size(), 3 * 8);
    for (const Element* number : numbers) {
        const Element* row = m_document.parentOf(*number);
        QVERIFY(row && row->name == "tr");
        const QString tier = row->attributes.value("data-tier");
        const auto kind = kinds.indexOf(number->attributes.value("data-count"));
        QVERIFY2(expected.contains(tier) && kind >= 0, qPrintable(tier));
        QCOMPARE(number->text.toInt(), expected[tier][kind]);
    }
}

void TestLabReport::hostileOutputEscaped() {
    // Nothing a run wrote can open an element: no script anywhere, and no element the report does not make.
    QVERIFY(!m_html.contains("<script"));
    QVERIFY(!m_html.contains("<img"));
    QVERIFY(!m_html.contains("<!-- -->"));
    QVERIFY(!m_html.contains("<![CDATA["));
    QVERIFY(m_html.contains("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
    QVERIFY(!m_html.contains('\0'));
    for (const auto& element : m_document.elements) {
        for (const char* forbidden : {"script", "img", "iframe", "object", "embed", "link", "form", "base"})
            QVERIFY2(element.name != forbidden, forbidden);
    }
    // The hostile stdout comes back as text, character for character, bad bytes as U+FFFD.
    const Element* cell = m_document.byId("cell-subprocess-c.py");
    QVERIFY(cell);
    const auto stdoutBlocks = m_document.where([&](const Element& e) {
        return e.name == "pre" && e.attributes.value("class") == "stdout" && m_document.isInside(e, *cell);
    });
    QCOMPARE(stdoutBlocks.size(), 1);
    QCOMPARE(stdoutBlocks.first()->text, kHostileShown);
    const auto stderrBlocks = m_document.where([&](const Element& e) {
        return e.name == "pre" && e.attributes.value("class") == "stderr" && m_document.isInside(e, *cell);
    });
    QCOMPARE(stderrBlocks.size(), 1);
    QCOMPARE(stderrBlocks.first()->text, QString::fromUtf8("<!-- -->]]><![CDATA[ &amp; &nbsp; \uFFFD"));
    // Evidence, attack names and tier descriptions with markup stay text too, in attributes as well.
    QVERIFY(cell->text.contains("<img src=\"https://evil.example/x.png\" onerror=\"alert(2)\"/>"));
    const auto titled =
        m_document.where([](const Element& e) { return e.attributes.value("title").contains("onerror"); });
    QCOMPARE(titled.size(), 1);
    QVERIFY(m_document.elements.first().text.contains("Read <secret> & \"quote\""));
    QVERIFY(m_document.elements.first().text.contains("Hardened <subprocess> & \"friends\""));
}

void TestLabReport::noExternalReferences() {
    const QSet<QString> fetching{"src",        "srcset",     "action", "formaction", "data",     "poster",
                                 "background", "xlink:href", "ping",   "manifest",   "codebase", "cite"};
    for (const auto& element : m_document.elements) {
        for (auto it = element.attributes.begin(); it != element.attributes.end(); ++it) {
            QVERIFY2(!fetching.contains(it.key()), qPrintable(element.name + " " + it.key()));
            if (it.key() == "href")
                QVERIFY2(it.value().startsWith('#'), qPrintable(it.value()));
            if (it.key() == "title")
                continue; // a tooltip (the cell's evidence): text, never fetched
            QVERIFY2(!it.value().contains("http:") && !it.value().contains("https:") &&
                         !it.value().contains("//"),
                     qPrintable(element.name + " " + it.key() + "=" + it.value()));
        }
        if (element.name == "style") {
            QVERIFY(!element.text.contains("url("));
            QVERIFY(!element.text.contains("@import"));
        }
        if (element.name == "meta")
            QVERIFY(element.attributes.value("http-equiv").compare("refresh", Qt::CaseInsensitive) != 0);
    }
    // The only http(s) text is the hostile output's, escaped as text.
    QCOMPARE(m_html.count("https://"), 3); // stdout, and the evidence in the cell's tooltip and its details
    QVERIFY(!m_html.contains("http://"));
    // A Content-Security-Policy forbids scripts and fetches even if something slipped through.
    const auto policies = m_document.where([](const Element& e) {
        return e.name == "meta" && e.attributes.value("http-equiv") == "Content-Security-Policy";
    });
    QCOMPARE(policies.size(), 1);
    QVERIFY(policies.first()->attributes.value("content").contains("default-src 'none'"));
}

void TestLabReport::chartsPresent() {
    const Element* counts = m_document.byId("counts-chart");
    QVERIFY(counts);
    QCOMPARE(counts->name, QString("svg"));
    QHash<QString, int> perTier;
    for (const Element* rect : m_document.where(
             [&](const Element& e) { return e.name == "rect" && m_document.isInside(e, *counts); }))
        perTier[rect->attributes.value("data-tier")] += rect->attributes.value("data-count").toInt();
    // The control's cell that is not possible here is left out of its bar, and said beside it.
    QCOMPARE(perTier, (QHash<QString, int>{{"host", 2}, {"subprocess", 3}, {"microvm", 3}}));
    QVERIFY(counts->text.contains("1 not possible here"));
    QVERIFY(counts->text.contains("attacks"));
    QVERIFY(counts->text.contains("1 cell with leftovers"));

    const Element* latency = m_document.byId("latency-chart");
    QVERIFY(latency);
    QCOMPARE(latency->name, QString("svg"));
    const auto dots = m_document.where(
        [&](const Element& e) { return e.name == "circle" && m_document.isInside(e, *latency); });
    QCOMPARE(dots.size(), 9);
    const auto medians = m_document.where([&](const Element& e) {
        return e.name == "line" && e.attributes.value("class") == "median" &&
               m_document.isInside(e, *latency);
    });
    QCOMPARE(medians.size(), 3);
    QVERIFY(latency->text.contains("wall seconds per attack run"));
    QVERIFY(latency->text.contains("4.50 s · 12.0 s")); // microvm: median and max
    QVERIFY(latency->text.contains("10 s"));            // an axis tick
}

void TestLabReport::detailsPresent() {
    const QString all = m_document.elements.first().text;
    // When, the machine, the tiers and the policy.
    for (const char* text :
         {"2025-01-02T03:04:05Z", "lab-host-7", "6.1.0-test #1 SMP", "Debian GNU/Linux 12 (bookworm)",
          "Imaginary CPU 9000 × 8", "16.0 GiB", "/dev/kvm absent", "Control: no isolation.", "Landlock ABI 7",
          "accelerator: TCG emulation", "timeout 7 s, memory 123 MB", "SECRET_FREE=yes", "\"memory_mb\": 123",
          "Output kept per stream"})
        QVERIFY2(all.contains(QString::fromUtf8(text)), text);
    // Every cell has its details, with the attack's code next to them.
    const auto details = m_document.where(
        [](const Element& e) { return e.name == "details" && e.attributes.value("id").startsWith("cell-"); });
    QCOMPARE(details.size(), 9);
    const auto code = m_document.where(
        [](const Element& e) { return e.name == "pre" && e.attributes.value("class") == "code"; });
    QCOMPARE(code.size(), 3);
    QVERIFY(code.first()->text.contains("print('code of a.py')"));

    const Element* inferred = m_document.byId("cell-subprocess-a.py");
    QVERIFY(inferred->text.contains("seccomp — ptrace"));
    QVERIFY(inferred->text.contains("(inferred"));
    QVERIFY(inferred->text.contains("evidence for a.py on subprocess"));
    QVERIFY(inferred->text.contains("stdout of a.py on subprocess"));
    QVERIFY(inferred->text.contains("stderr of a.py on subprocess"));
    QVERIFY(inferred->text.contains("exit 1 in 0.02 s"));
    QVERIFY(inferred->text.contains("Expected") &&
            inferred->text.contains("no: an ALLOWED here is a failure"));

    const Element* leftovers = m_document.byId("cell-microvm-c.py");
    const auto items = m_document.where(
        [&](const Element& e) { return e.name == "li" && m_document.isInside(e, *leftovers); });
    QCOMPARE(items.size(), 2);
    QCOMPARE(items.first()->text, QString("process sandbench-run-42 (pid 4242) still alive"));

    const Element* unmet = m_document.byId("cell-host-b.py");
    QVERIFY(unmet->text.contains("not running as root — not possible here: this BLOCKED on the control says "
                                 "nothing about the attack, and is left out of the counts"));

    const Element* error = m_document.byId("cell-microvm-b.py");
    QVERIFY(error->text.contains("the guest did not boot"));

    // Big output is capped, and says so.
    const Element* big = m_document.byId("cell-microvm-a.py");
    const auto bigStdout = m_document.where([&](const Element& e) {
        return e.name == "pre" && e.attributes.value("class") == "stdout" && m_document.isInside(e, *big);
    });
    QCOMPARE(bigStdout.size(), 1);
    QCOMPARE(bigStdout.first()->text.size(), 20000);
    QVERIFY(big->text.contains("first 20,000 of 50,000 bytes"));
}

void TestLabReport::machineDetails() {
    const MachineDetails machine = collectMachineDetails();
    QVERIFY(!machine.hostname.empty());
    QVERIFY(!machine.kernel.empty());
    QVERIFY(machine.cpuCount > 0);
    QVERIFY(machine.memoryKb > 0);
    QCOMPARE(machine.runningAsRoot, ::geteuid() == 0);
    bool kvm = false;
    for (const auto& [key, value] : machine.facts) {
        if (key == "KVM") {
            kvm = true;
            QVERIFY(QString::fromStdString(value).contains(QFile::exists("/dev/kvm") ? "present" : "absent"));
        }
    }
    QVERIFY(kvm);
    // The real machine renders too.
    LabRun run = sampleRun();
    run.machine = machine;
    const Document document = parse(QByteArray::fromStdString(renderLabReportHtml(run)));
    QVERIFY2(document.error.isEmpty(), qPrintable(document.error));
    QVERIFY(document.elements.first().text.contains(QString::fromStdString(machine.kernel)));
}

void TestLabReport::cliWritesReport() {
    QTemporaryDir folder;
    QVERIFY(QDir(folder.path()).mkpath("suite") && QDir(folder.path()).mkpath("out"));
    QVERIFY(writeSmallSuite(folder.filePath("suite")));
    const QString report = folder.filePath("out/report.html");
    const CliRun result = runCli({"attacks", "--tier", "subprocess", "--suite", folder.filePath("suite"),
                                  "--report", report, "--json", "--timeout", "5"});
    if (result.exitCode == 1 && result.err.contains("cannot run here"))
        QSKIP(result.err.constData());
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QVERIFY2(result.err.contains("report written to"), result.err.constData());
    // --json still works alongside.
    QCOMPARE(QJsonDocument::fromJson(result.out).array().size(), 2);
    // Only the report is in the folder: the temporary file was renamed into place.
    QCOMPARE(entries(folder.filePath("out")), QStringList{"report.html"});

    QFile file(report);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray html = file.readAll();
    const Document document = parse(html);
    QVERIFY2(document.error.isEmpty(), qPrintable(document.error));
    QVERIFY(!html.contains("<script"));
    const auto cells = document.where([](const Element& e) { return e.attributes.value("class") == "cell"; });
    QCOMPARE(cells.size(), 2);
    QHash<QString, QString> verdicts;
    for (const Element* cell : cells) {
        QCOMPARE(cell->attributes.value("data-tier"), QString("subprocess"));
        verdicts.insert(cell->attributes.value("data-attack"), cell->attributes.value("data-verdict"));
    }
    QCOMPARE(verdicts.value("01_hello.py"), QString("ALLOWED"));
    QCOMPARE(verdicts.value("02_missing.py"), QString("BLOCKED"));
    const QString all = document.elements.first().text;
    QVERIFY(all.contains("</pre><script>alert(1)</script>")); // the program's output, as text
    QVERIFY(all.contains("namespaces: user"));                // the tier's probe notes
    QVERIFY(all.contains("timeout 5 s"));                     // the policy
    QVERIFY(document.byId("latency-chart") && document.byId("counts-chart"));

    // Writing again replaces the report, still leaving nothing else behind.
    const CliRun again = runCli({"attacks", "--tier", "subprocess", "--suite", folder.filePath("suite"),
                                 "--report", report, "--csv"});
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QVERIFY(again.out.startsWith("attack,category,tier"));
    QCOMPARE(entries(folder.filePath("out")), QStringList{"report.html"});

    const CliRun help = runCli({"attacks", "--help"});
    QVERIFY(help.out.contains("--report FILE.html"));
}

void TestLabReport::cliAllTiers() {
    QTemporaryDir folder;
    QVERIFY(writeSmallSuite(folder.path()));
    const CliRun probe = runCli({"tiers", "--json"});
    QCOMPARE(probe.exitCode, 0);
    int usable = 0;
    for (const auto& tier : QJsonDocument::fromJson(probe.out).array())
        usable += tier.toObject()["available"].toBool() ? 1 : 0;
    QVERIFY(usable >= 1);

    const QString report = folder.filePath("all.html");
    QElapsedTimer timer;
    timer.start();
    const CliRun result = runCli({"attacks", "--tier", "all", "--suite", folder.path(), "--report", report,
                                  "--timeout", "5", "--grace", "2"},
                                 110000);
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QFile file(report);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const Document document = parse(file.readAll());
    QVERIFY2(document.error.isEmpty(), qPrintable(document.error));
    const auto cells = document.where([](const Element& e) { return e.attributes.value("class") == "cell"; });
    QCOMPARE(cells.size(), usable * 2);
    const auto tiers = document.where([](const Element& e) { return e.attributes.value("class") == "tier"; });
    QCOMPARE(tiers.size(), usable);
    for (const Element* cell : cells) {
        QVERIFY(
            QStringList({"BLOCKED", "ALLOWED", "ERROR"}).contains(cell->attributes.value("data-verdict")));
        if (cell->attributes.value("data-tier") == "host")
            QCOMPARE(cell->attributes.value("data-verdict"),
                     QString(cell->attributes.value("data-attack") == "01_hello.py" ? "ALLOWED" : "BLOCKED"));
    }
    qInfo("--tier all over %d tiers took %lld ms", usable, timer.elapsed());
}

void TestLabReport::cliReportErrors() {
    QTemporaryDir folder;
    QVERIFY(writeSmallSuite(folder.path()));
    const QString missing = folder.filePath("no/such/folder/report.html");
    QElapsedTimer timer;
    timer.start();
    const CliRun result =
        runCli({"attacks", "--tier", "host", "--suite", folder.path(), "--report", missing, "--json"});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains("cannot write the report"), result.err.constData());
    QVERIFY2(result.err.contains(folder.filePath("no/such/folder").toUtf8() + " does not exist"),
             result.err.constData());
    QVERIFY(result.out.isEmpty()); // refused before any attack ran
    QVERIFY(!QFile::exists(missing));

    const CliRun intoFolder =
        runCli({"attacks", "--tier", "host", "--suite", folder.path(), "--report", folder.path()});
    QCOMPARE(intoFolder.exitCode, 1);
    QVERIFY2(intoFolder.err.contains("that is a folder"), intoFolder.err.constData());

    const CliRun empty = runCli({"attacks", "--tier", "host", "--suite", folder.path(), "--report="});
    QCOMPARE(empty.exitCode, 2);
    QVERIFY2(empty.err.contains("--report needs a file name"), empty.err.constData());
    QCOMPARE(entries(folder.path()), (QStringList{"01_hello.py", "02_missing.py"}));
}

QTEST_GUILESS_MAIN(TestLabReport)
#include "tst_lab_report.moc"
