#include "screenshot_tour.h"

#include "agent_chat_dock.h"
#include "agent_settings_panel.h"
#include "attack_lab_page.h"
#include "chat_input.h"
#include "main_window.h"
#include "presentation_mode.h"
#include "theme.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QTabWidget>
#include <QTimer>

namespace {

bool saveTab(MainWindow& window, int tab, const QString& path) {
    window.tabs()->setCurrentIndex(tab);
    QApplication::processEvents();
    return window.grab().save(path);
}

// Both themes: each named picture is taken by `take` after the theme is applied.
bool inBothThemes(const std::function<bool(const QString& theme)>& take) {
    auto& app = static_cast<QApplication&>(*qApp);
    bool saved = true;
    for (const auto& [theme, name] :
         {std::pair{Theme::Light, QStringLiteral("light")}, std::pair{Theme::Dark, QStringLiteral("dark")}}) {
        applyTheme(app, theme);
        QApplication::processEvents();
        saved &= take(name);
    }
    return saved;
}

bool saveLabTabs(MainWindow& window, const QString& folder) {
    return inBothThemes([&](const QString& theme) {
        bool saved =
            saveTab(window, 0, QDir(folder).filePath(QStringLiteral("workbench-%1.png").arg(theme))) &&
            saveTab(window, 1, QDir(folder).filePath(QStringLiteral("attack-lab-%1.png").arg(theme)));
        if (theme == QLatin1String("light")) {
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
        return saved;
    });
}

// A chat with a follow-up question, against the model at `baseUrl` (scripts/scripted-model-server.py):
// the second question needs the first answer's context, which the picture shows.
void chatWithAFollowUp(MainWindow& window, const QString& folder, const QString& baseUrl,
                       const std::function<void(int)>& done) {
    AgentChatDock* chat = window.agentChat();
    AgentSettingsPanel* settings = chat->settingsPanel();
    settings->setProviderKind(sandbench::agent::ProviderKind::OpenAiCompatible);
    settings->setBaseUrl(baseUrl);
    settings->setModel(QStringLiteral("scripted"));
    settings->setApiKey(QStringLiteral("not-needed"));
    window.tabs()->setCurrentIndex(0);
    for (QWidget* w = chat; w; w = w->parentWidget())
        if (auto* dock = qobject_cast<QDockWidget*>(w)) {
            dock->show();
            dock->raise();
        }
    auto ask = [chat](const QString& question) {
        chat->input()->setPlainText(question);
        return chat->send();
    };
    auto answered = std::make_shared<int>(0);
    QObject::connect(chat, &AgentChatDock::sessionFinished, &window, [=, &window](const auto&) {
        if (++*answered == 1) {
            if (!ask(QObject::tr("Now do it for the cubes.")))
                done(1);
            return;
        }
        QTimer::singleShot(300, &window, [=, &window] {
            const bool saved = inBothThemes([&](const QString& theme) {
                return window.grab().save(
                    QDir(folder).filePath(QStringLiteral("agent-chat-%1.png").arg(theme)));
            });
            done(saved ? 0 : 1);
        });
    });
    if (!ask(QObject::tr("What is the mean of the first 1,000 square numbers? Compute it.")))
        done(1);
}

void saveAll(MainWindow& window, const QString& folder, const std::function<void(int)>& done) {
    const bool saved = saveLabTabs(window, folder);
    const QString modelUrl = qEnvironmentVariable("SANDBENCH_TOUR_MODEL_URL");
    if (!saved || modelUrl.isEmpty())
        done(saved ? 0 : 1);
    else
        chatWithAFollowUp(window, folder, modelUrl, done);
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
