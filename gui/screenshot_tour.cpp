#include "screenshot_tour.h"

#include "attack_lab_page.h"
#include "main_window.h"
#include "presentation_mode.h"
#include "theme.h"

#include <QApplication>
#include <QDir>
#include <QTabWidget>
#include <QTimer>

namespace {

bool saveTab(MainWindow& window, int tab, const QString& path) {
    window.tabs()->setCurrentIndex(tab);
    QApplication::processEvents();
    return window.grab().save(path);
}

void saveAll(MainWindow& window, const QString& folder, const std::function<void(int)>& done) {
    auto& app = *qApp;
    bool saved = true;
    for (const auto& [theme, name] :
         {std::pair{Theme::Light, QStringLiteral("light")}, std::pair{Theme::Dark, QStringLiteral("dark")}}) {
        applyTheme(static_cast<QApplication&>(app), theme);
        QApplication::processEvents();
        saved &= saveTab(window, 0, QDir(folder).filePath(QStringLiteral("workbench-%1.png").arg(name)));
        saved &= saveTab(window, 1, QDir(folder).filePath(QStringLiteral("attack-lab-%1.png").arg(name)));
        if (theme == Theme::Light) {
            // The Lab as a class sees it on a 1920×1080 projector: presentation mode, the whole suite.
            const QSize size = window.size();
            window.resize(1920, 1080);
            window.attackLab()->presentation()->setOn(true);
            for (int i = 0; i < 5; ++i) // the layout, then the matrix's fit to it
                QApplication::processEvents();
            saved &= saveTab(window, 1, QDir(folder).filePath(QStringLiteral("attack-lab-presentation.png")));
            window.attackLab()->presentation()->setOn(false);
            window.resize(size);
            QApplication::processEvents();
        }
    }
    done(saved ? 0 : 1);
}

} // namespace

void takeScreenshotTour(MainWindow& window, const QString& folder, std::function<void(int)> done) {
    QDir().mkpath(folder);
    window.resize(1400, 900);
    auto start = [&window, folder, done] {
        AttackLabPage* lab = window.attackLab();
        // The control beside the default tier, so the pictures show what a boundary changes.
        QStringList shown{QString::fromStdString(window.defaultTier())};
        for (const sandbench::TierInfo& tier : window.tiers()) {
            if (tier.control)
                shown.prepend(QString::fromStdString(tier.name));
        }
        lab->setCheckedTiers(shown);
        sandbench::Policy policy;
        policy.timeoutSeconds = 2;
        lab->setPolicy(policy);
        lab->setBenchRuns(10);
        QObject::connect(
            lab, &AttackLabPage::labFinished, &window,
            [lab, done] {
                if (!lab->startBench())
                    done(1);
            },
            Qt::SingleShotConnection);
        QObject::connect(
            lab, &AttackLabPage::benchFinished, &window,
            [&window, folder, done] {
                // Let the charts finish their last update before the pictures are taken.
                QTimer::singleShot(500, &window, [&window, folder, done] { saveAll(window, folder, done); });
            },
            Qt::SingleShotConnection);
        window.tabs()->setCurrentIndex(1);
        if (!lab->startLab())
            done(1);
    };
    if (window.tiersProbed())
        start();
    else
        QObject::connect(&window, &MainWindow::tiersReady, &window, start, Qt::SingleShotConnection);
}
