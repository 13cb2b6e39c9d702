// In a translated locale no visible text is English: the workbench, after a run, a cancelled run and a
// small lab on the host control and the subprocess tier (a cell opened), is searched widget by widget for
// texts the translation files know in English, for the bundled attacks' English names, and for English
// words no German or French sentence has. The program's own code and output are left out.

#include "core/attack_suite.h"
#include "gui/attack_lab_page.h"
#include "gui/code_editor.h"
#include "gui/language.h"
#include "gui/main_window.h"
#include "gui/output_pane.h"
#include "gui/run_history.h"
#include "gui/run_panel.h"
#include "support/source_paths.h"
#include "support/visible_texts.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

// Sources a translation file translates, each as the English a screen would show.
struct EnglishTexts {
    QStringList whole;     // compared with a whole visible text
    QStringList fragments; // looked for inside a visible text: three words or more, no placeholder
};

EnglishTexts englishOf(const QString& tsFile) {
    EnglishTexts english;
    QFile ts(tsFile);
    if (!ts.open(QIODevice::ReadOnly))
        return english;
    QXmlStreamReader xml(&ts);
    QString source;
    static const QRegularExpression placeholder(QStringLiteral("%[0-9n]+|%L[0-9]+"));
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == u"source") {
            source = test_support::plainOf(xml.readElementText());
        } else if (xml.name() == u"translation") {
            const QString translation =
                test_support::plainOf(xml.readElementText(QXmlStreamReader::IncludeChildElements));
            if (source.isEmpty() || translation == source || !source.contains(QRegularExpression("[a-z]")))
                continue; // the same in every language ("JSON", "CPU"): nothing to find
            english.whole << source;
            for (const QString& piece : source.split(placeholder, Qt::SkipEmptyParts)) {
                const QString trimmed = piece.trimmed();
                if (trimmed.count(QLatin1Char(' ')) >= 2)
                    english.fragments << trimmed;
            }
        }
    }
    return english;
}

// Words every English sentence of the workbench's has and no German or French one does.
const QRegularExpression& englishWords() {
    static const QRegularExpression words(
        QStringLiteral("\\b(the|and|of|by|with|from|its|could|cannot|been|before|until|which|while|"
                       "killed|cancelled|blocked|allowed|pending|watches)\\b"));
    return words;
}

bool copyAttacks(const QString& folder, const QStringList& names) {
    for (const QString& name : names)
        if (!QFile::copy(QDir(QString::fromUtf8(test_support::attacksSourceDir())).filePath(name),
                         QDir(folder).filePath(name)))
            return false;
    return true;
}

} // namespace

// The programs this test runs, as a tooltip shows them on one line.
const QStringList kPrograms{QStringLiteral("print('one')"),
                            QStringLiteral("print('spinning', flush=True) while True: pass")};

class TestVisibleTranslations : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_visible_translations"));
        QSettings().clear();
        QFile::remove(RunHistory::defaultPath()); // only this test's runs in the history
        QVERIFY(m_suite.isValid());
        // A secret read (allowed on the host), an environment canary, and one no host here can do.
        QVERIFY(copyAttacks(m_suite.path(),
                            {QStringLiteral("05_read_host_secret.py"), QStringLiteral("07_canary_env.py"),
                             QStringLiteral("45_load_kernel_module.py")}));
        QVERIFY(QDir(m_suite.path()).mkdir(QStringLiteral("include")));
        QVERIFY(copyAttacks(m_suite.path(), {QStringLiteral("include/raw_syscall.py")}));
    }

    void everyBundledAttackNameIsTranslated_data() { languages(); }

    void everyBundledAttackNameIsTranslated() {
        QFETCH(QString, language);
        auto& app = *static_cast<QApplication*>(QCoreApplication::instance());
        QVERIFY(installTranslations(app, language));
        QStringList missing;
        for (const auto& attack : sandbench::loadAttackSuite(test_support::attacksSourceDir())) {
            const QString name = QString::fromStdString(attack.name);
            if (QCoreApplication::translate("Attack", attack.name.c_str()) == name)
                missing << name;
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
    }

    void noVisibleTextIsEnglish_data() { languages(); }

    void noVisibleTextIsEnglish() {
        QFETCH(QString, language);
        auto& app = *static_cast<QApplication*>(QCoreApplication::instance());
        QVERIFY(installTranslations(app, language));
        const EnglishTexts english = englishOf(QString::fromUtf8(test_support::sourceDir()) +
                                               QStringLiteral("/translations/sandbench_%1.ts").arg(language));
        QVERIFY(english.whole.size() > 50);
        QStringList attackNames;
        for (const auto& attack : sandbench::loadAttackSuite(test_support::attacksSourceDir()))
            attackNames << QString::fromStdString(attack.name);

        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        if (!window.tiersProbed())
            QVERIFY(QSignalSpy(&window, &MainWindow::tiersReady).wait(30000));
        window.runPanel()->setCurrentTier(QStringLiteral("subprocess"));
        if (window.runPanel()->currentTier() != QLatin1String("subprocess"))
            QSKIP("the subprocess tier is unavailable here (see sandbench-cli tiers)");

        // A finished run and a cancelled one: the result line, the status bar and the history.
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.editor()->setPlainText(QStringLiteral("print('one')\n"));
        window.runAction()->trigger();
        QVERIFY(finished.wait(20000));
        window.editor()->setPlainText(QStringLiteral("print('spinning', flush=True)\nwhile True: pass\n"));
        window.runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(window.output()->text().contains(QStringLiteral("spinning")), 20000);
        window.stopAction()->trigger();
        QVERIFY(finished.wait(20000));
        QStringList seen = collect(window, english, attackNames);

        // A lab on the control and the subprocess tier, one cell opened.
        window.tabs()->setCurrentIndex(1);
        AttackLabPage* lab = window.attackLab();
        lab->setSuiteFolder(m_suite.path());
        lab->setCheckedTiers({QStringLiteral("host"), QStringLiteral("subprocess")});
        QSignalSpy labFinished(lab, &AttackLabPage::labFinished);
        QVERIFY(lab->startLab());
        QVERIFY(labFinished.wait(120000));
        lab->matrixView()->setCurrentIndex(lab->matrixView()->model()->index(0, 1));
        QTest::qWait(50);
        seen << collect(window, english, attackNames);

        window.editor()->document()->setModified(false);
        window.close();
        seen.removeDuplicates();
        for (const QString& line : seen)
            qInfo().noquote() << line;
        QVERIFY2(seen.isEmpty(), qPrintable(QStringLiteral("%1 English texts on screen:\n").arg(seen.size()) +
                                            seen.join(QLatin1Char('\n'))));
    }

private:
    static void languages() {
        QTest::addColumn<QString>("language");
        for (const QString& language : availableLanguages())
            QTest::newRow(qPrintable(language)) << language;
    }

    // The visible texts that are English, each with where it is.
    static QStringList collect(QMainWindow& window, const EnglishTexts& english, const QStringList& attacks) {
        const auto programsOwn = [](QWidget* widget) {
            return qobject_cast<CodeEditor*>(widget) || qobject_cast<OutputPane*>(widget) ||
                   widget->objectName() == QLatin1String("cellCode") ||
                   widget->objectName() == QLatin1String("cellOutput");
        };
        QStringList found;
        for (const auto& [where, text] : test_support::visibleTexts(window, programsOwn)) {
            if (kPrograms.contains(text))
                continue; // the history shows a run's program as its tooltip
            QString why;
            if (english.whole.contains(text))
                why = QStringLiteral("a source text");
            for (const QString& fragment : english.fragments)
                if (why.isEmpty() && text.contains(fragment))
                    why = QStringLiteral("holds \"%1\"").arg(fragment);
            for (const QString& attack : attacks)
                if (why.isEmpty() && attack.contains(QLatin1Char(' ')) && text.contains(attack))
                    why = QStringLiteral("the attack \"%1\"").arg(attack);
            if (const auto match = englishWords().match(text); why.isEmpty() && match.hasMatch())
                why = QStringLiteral("the word \"%1\"").arg(match.captured(1));
            if (!why.isEmpty())
                found << QStringLiteral("%1 (%2): %3").arg(where, why, text.left(200));
        }
        return found;
    }

    QTemporaryDir m_suite;
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestVisibleTranslations test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_visible_translations.moc"
