// The workbench stays on a 1280×720 screen, in every language: a lab run's closing line, a long tier
// status or a failure message may not make the window wider or taller, and the whole window fits there to
// begin with. Offscreen, with the host control, the subprocess tier and a tier only this test registers.

#include "gui/attack_lab_page.h"
#include "gui/elided_label.h"
#include "gui/lab_charts.h"
#include "gui/language.h"
#include "gui/main_window.h"
#include "support/fake_tier.h"
#include "support/source_paths.h"
#include "tiers/builtin_tiers.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

namespace {

constexpr QSize kScreen{1280, 720};

// Two quick attacks of the bundled suite: the lab's verdicts matter less here than its closing line.
bool writeSmallSuite(const QString& folder) {
    for (const char* name : {"05_read_host_secret.py", "07_canary_env.py"}) {
        if (!QFile::copy(
                QDir(QString::fromUtf8(test_support::attacksSourceDir())).filePath(QLatin1String(name)),
                QDir(folder).filePath(QLatin1String(name))))
            return false;
    }
    return true;
}

} // namespace

class TestWindowFits : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_suite.isValid());
        QVERIFY(writeSmallSuite(m_suite.path()));
    }

    void labRunKeepsTheWindowSize_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << QString();
        for (const QString& language : availableLanguages())
            QTest::newRow(qPrintable(language)) << language;
    }

    void labRunKeepsTheWindowSize() {
        QFETCH(QString, language);
        auto& app = *static_cast<QApplication*>(QCoreApplication::instance());
        if (!language.isEmpty())
            QVERIFY(installTranslations(app, language));
        else
            installTranslations(app, QStringLiteral("en"));

        sandbench::TierRegistry registry = sandbench::builtinTiers();
        test_support::addFakeTier(registry);
        MainWindow window(std::move(registry));
        window.resize(kScreen);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        if (!window.tiersProbed())
            QVERIFY(QSignalSpy(&window, &MainWindow::tiersReady).wait(30000));
        // Everything, the lab's matrix and charts included, fits the screen before anything runs.
        QVERIFY2(window.minimumSizeHint().width() <= kScreen.width() &&
                     window.minimumSizeHint().height() <= kScreen.height(),
                 qPrintable(QStringLiteral("minimum %1×%2")
                                .arg(window.minimumSizeHint().width())
                                .arg(window.minimumSizeHint().height())));
        QCOMPARE(window.size(), kScreen);

        window.tabs()->setCurrentIndex(1);
        AttackLabPage* lab = window.attackLab();
        lab->setSuiteFolder(m_suite.path());
        lab->setCheckedTiers({QStringLiteral("host"), QStringLiteral("subprocess"),
                              QString::fromLatin1(test_support::kFakeTier)});
        QSignalSpy finished(lab, &AttackLabPage::labFinished);
        QVERIFY(lab->startLab());
        QVERIFY(finished.wait(120000));
        QTest::qWait(100); // the layout requests the change posts

        // The closing line names every tier's counts: longer than the window is wide, in every language.
        const auto* status = lab->findChild<ElidedLabel*>(QStringLiteral("labStatus"));
        QVERIFY(status);
        QVERIFY2(status->fontMetrics().horizontalAdvance(status->fullText()) > kScreen.width(),
                 qPrintable(status->fullText()));
        QCOMPARE(window.size(), kScreen);
        QVERIFY(window.minimumSizeHint().width() <= kScreen.width());
        // On screen as much as fits, the whole line in the tooltip.
        QVERIFY(status->text().endsWith(QStringLiteral("…")));
        QCOMPARE(status->toolTip(), status->fullText());
        QVERIFY(status->geometry().right() < kScreen.width());

        // The counts beside the chart are read whole, in every language: nothing scrolls sideways, and each
        // tier's sentence fits its row, wrapped.
        VerdictCountsTable* counts = lab->countsTable();
        QVERIFY(counts->isVisible());
        QVERIFY2(counts->horizontalHeader()->length() <= counts->viewport()->width(),
                 qPrintable(QStringLiteral("%1 > %2")
                                .arg(counts->horizontalHeader()->length())
                                .arg(counts->viewport()->width())));
        for (int row = 0; row < counts->rowCount(); ++row) {
            const QTableWidgetItem* cell = counts->item(row, VerdictCountsTable::CountsColumn);
            QVERIFY(cell && !cell->text().isEmpty());
            const int room = counts->columnWidth(VerdictCountsTable::CountsColumn) - 8; // the cell's margins
            const QRect needed = QFontMetrics(cell->font())
                                     .boundingRect(QRect(0, 0, room, 100000), Qt::TextWordWrap, cell->text());
            QVERIFY2(needed.height() <= counts->rowHeight(row),
                     qPrintable(QStringLiteral("%1: %2 px of text in a %3 px row")
                                    .arg(cell->text())
                                    .arg(needed.height())
                                    .arg(counts->rowHeight(row))));
        }
        // The lab's policy is on the tab whole, never elided.
        const auto* policy = lab->findChild<QLabel*>(QStringLiteral("lab.policy"));
        QVERIFY(policy);
        QVERIFY(!policy->text().contains(QStringLiteral("…")));
        QVERIFY2(policy->wordWrap() ||
                     policy->fontMetrics().horizontalAdvance(policy->text()) <= policy->width(),
                 qPrintable(policy->text()));
    }

private:
    QTemporaryDir m_suite;
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestWindowFits test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_window_fits.moc"
