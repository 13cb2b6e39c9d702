// The engine's sentences are instances of its forms (core/engine_phrases.h), so the workbench can show
// them translated: every form is told apart from every other, the sentences core writes are found with
// their values, and a sentence no form knows is left alone.

#include "core/engine_phrases.h"
#include "core/stop_evidence.h"

#include <QTest>
#include <csignal>
#include <set>

using namespace sandbench;

namespace {

// The placeholders a form has: %1…%n, each once.
std::vector<int> placeholdersOf(std::string_view form) {
    std::vector<int> found;
    for (std::size_t at = form.find('%'); at != std::string_view::npos; at = form.find('%', at + 1))
        if (at + 1 < form.size() && form[at + 1] >= '1' && form[at + 1] <= '9')
            found.push_back(form[at + 1] - '0');
    return found;
}

} // namespace

class TestEnginePhrases : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void formsAreWellFormedAndUnique() {
        std::set<std::string_view> seen;
        for (std::string_view form : engineForms()) {
            QVERIFY2(seen.insert(form).second, form.data());
            std::vector<int> numbers = placeholdersOf(form);
            std::sort(numbers.begin(), numbers.end());
            for (std::size_t i = 0; i < numbers.size(); ++i)
                QVERIFY2(numbers[i] == int(i) + 1, form.data()); // %1…%n, none twice, none missing
        }
    }

    // Filled with values no form has, each form is found again, with the same values: no other form,
    // more specific or not, takes its sentences.
    void everyFormIsFoundFromItsSentences() {
        for (std::string_view form : engineForms()) {
            std::vector<std::string> values;
            for (std::size_t i = 0; i < placeholdersOf(form).size(); ++i)
                values.push_back("v" + std::to_string(i + 1) + "x");
            const std::string sentence = fillForm(form, values);
            const auto match = matchPhrase(sentence);
            QVERIFY2(match, sentence.c_str());
            QVERIFY2(match->form == form, qPrintable(QStringLiteral("%1 → %2").arg(
                                              QString::fromStdString(sentence),
                                              QString::fromUtf8(match->form.data(), match->form.size()))));
            QCOMPARE(match->values, values);
        }
    }

    void fillingIsOnePass() {
        QCOMPARE(fillForm("%1 (%2)", {"50%2", "x"}), std::string("50%2 (x)"));
        QCOMPARE(fillForm("%2 before %1", {"a", "b"}), std::string("b before a"));
    }

    // What core itself writes when a run hits a limit is an instance of a form, and so are its values.
    void coreSentencesAreForms_data() {
        QTest::addColumn<int>("signal");
        QTest::addColumn<QString>("stderrText");
        QTest::newRow("memory") << 0 << QStringLiteral("MemoryError\n");
        QTest::newRow("fork") << 0
                              << QStringLiteral(
                                     "BlockingIOError: [Errno 11] Resource temporarily unavailable\n");
        QTest::newRow("file size") << 0 << QStringLiteral("OSError: [Errno 27] File too large\n");
        QTest::newRow("disk") << 0 << QStringLiteral("OSError: [Errno 28] No space left on device\n");
        QTest::newRow("network") << 0 << QStringLiteral("OSError: [Errno 101] Network is unreachable\n");
        QTest::newRow("read-only") << 0
                                   << QStringLiteral("OSError: [Errno 30] Read-only file system: '/x'\n");
        QTest::newRow("hidden") << 0
                                << QStringLiteral(
                                       "FileNotFoundError: [Errno 2] No such file or directory: '/x'\n");
        QTest::newRow("SIGXCPU") << int(SIGXCPU) << QString();
        QTest::newRow("SIGXFSZ") << int(SIGXFSZ) << QString();
        QTest::newRow("SIGSYS") << int(SIGSYS) << QString();
    }

    void coreSentencesAreForms() {
        QFETCH(int, signal);
        QFETCH(QString, stderrText);
        RunResult result;
        result.stderrBytes = stderrText.toStdString();
        if (signal)
            result.termSignal = signal;
        else
            result.exitCode = 1;
        result.cpuSeconds = 9.5;
        explainStop(result, Policy{}, TierLayers{});
        QVERIFY(!result.evidence.empty());
        const auto match = matchPhrase(result.evidence);
        QVERIFY2(match, result.evidence.c_str());
        // The values are numbers, signal names, the program's own words or forms again: a value with
        // English of ours in it would stay English on screen.
        for (const std::string& value : match->values) {
            const bool isNumberOrName = value.find_first_not_of("0123456789.SIGXCPU") == std::string::npos;
            const bool programsOwn = value.find("[Errno") != std::string::npos;
            QVERIFY2(isNumberOrName || programsOwn || matchPhrase(value), value.c_str());
        }
    }

    void aSentenceNoFormKnowsIsLeftAlone() {
        QVERIFY(!matchPhrase("PermissionError: [Errno 13] Permission denied: '/etc/shadow'"));
        QVERIFY(!matchPhrase(""));
    }
};

QTEST_GUILESS_MAIN(TestEnginePhrases)
#include "tst_engine_phrases.moc"
