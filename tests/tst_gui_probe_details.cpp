// A tool's raw output stays behind a click (issue 16, item 8): a tier's probe gives one-line notes and keeps
// what QEMU or a container engine printed in ProbeResult::details; the Tier and policy pane shows the line
// and a Details button, the Attack Lab's report a <details> element, and the container tier puts an engine's
// complaint there rather than in its reason (checked against a stand-in podman, so no engine is needed).

#include "core/lab_report.h"
#include "core/lab_run.h"
#include "gui/code_editor.h"
#include "gui/main_window.h"
#include "gui/probe_notes_view.h"
#include "gui/run_panel.h"
#include "tiers/builtin_tiers.h"
#include "tiers/host/host_tier.h"

#include <QApplication>
#include <QFile>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <memory>

using namespace sandbench;

namespace {

const char* const kAssertion = "qemu-system-x86_64: ../target/i386/kvm/kvm.c:3015: kvm_put_msrs: Assertion "
                               "`ret == cpu->kvm_msr_buf->nmsrs' failed.";

// A tier whose probe answers as the microVM's does when KVM would not boot a guest: one line, and QEMU's
// assertion behind it. It runs programs as the host control does.
class NoisyTier final : public Tier {
public:
    static TierInfo describe() {
        TierInfo info;
        info.name = "noisy";
        info.label = "Noisy";
        info.description = "a tier whose probe has raw tool output behind its notes";
        return info;
    }
    const TierInfo& info() const override { return m_info; }
    ProbeResult probe() override {
        return {true,
                {},
                {"accelerator: TCG emulation: KVM cannot run guests here, a few seconds a run"},
                kAssertion};
    }
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override {
        return m_host.run(request, sink, stop);
    }

private:
    TierInfo m_info = describe();
    HostTier m_host;
};

} // namespace

class TestGuiProbeDetails : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location, not the user's
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_probe_details"));
        QSettings().clear();
    }

    void cleanup() { QSettings().clear(); }

    // The pane showed the whole assertion under the tier selector, pushing the fields below off a 1280×720
    // screen. Now: the line, and the assertion only after a click.
    void thePaneShowsOneLineAndTheDetailsOnAClick() {
        TierRegistry registry;
        registry.add(NoisyTier::describe(),
                     [](const TierSettings&) { return std::make_unique<NoisyTier>(); });
        MainWindow window(std::move(registry));
        window.resize(1280, 720);
        window.show();
        if (!window.tiersProbed())
            QVERIFY(QSignalSpy(&window, &MainWindow::tiersReady).wait(20000));
        RunPanel* panel = window.runPanel();
        QCOMPARE(panel->currentTier(), QStringLiteral("noisy"));
        ProbeNotesView* notes = panel->tierNotesView();
        QVERIFY(notes->notes().contains(QLatin1String("KVM cannot run guests here")));
        QVERIFY2(!notes->notes().contains(QLatin1String("Assertion")), qPrintable(notes->notes()));
        QCOMPARE(panel->tierDetails(QStringLiteral("noisy")), QString::fromLatin1(kAssertion));
        QVERIFY(notes->detailsButton()->isVisible());
        QVERIFY(!notes->detailsShown());
        const int folded = notes->sizeHint().height();

        notes->detailsButton()->click();
        QVERIFY(notes->detailsShown());
        QCOMPARE(notes->details(), QString::fromLatin1(kAssertion));
        QVERIFY(notes->sizeHint().height() > folded);
        notes->detailsButton()->click(); // and folded away again
        QVERIFY(!notes->detailsShown());

        window.editor()->document()->setModified(false);
        window.close();
    }

    void theReportFoldsTheDetailsAway() {
        LabRun run;
        LabTier tier;
        tier.info = NoisyTier::describe();
        tier.notes = {"accelerator: TCG emulation: KVM cannot run guests here, a few seconds a run"};
        tier.details = kAssertion;
        run.tiers = {tier};
        Attack attack;
        attack.name = "Say hello";
        attack.fileName = "01_hello.py";
        run.suite = {attack};
        AttackOutcome outcome;
        outcome.attack = attack.name;
        outcome.fileName = attack.fileName;
        outcome.tier = tier.info.name;
        outcome.verdict = Verdict::Blocked;
        run.outcomes = {outcome};
        const std::string html = renderLabReportHtml(run);
        const std::size_t details =
            html.find("<details class=\"probe-details\"><summary>Details</summary>\n<pre>");
        QVERIFY2(details != std::string::npos, html.c_str());
        QVERIFY(html.find("kvm_msr_buf", details) != std::string::npos); // inside the element
        QVERIFY(html.find("kvm_msr_buf") > details);                     // and nowhere before it

        // The lab-run document keeps them, so a re-opened run reports them too.
        const LabRun read = nlohmann::json(run).get<LabRun>();
        QCOMPARE(read.tiers.at(0).details, std::string(kAssertion));
    }

    // The container engine's own complaint went into the reason the pane and the CLI show in one line.
    void aContainerEnginesComplaintIsDetailNotReason() {
        QTemporaryDir bin;
        QFile script(bin.filePath(QStringLiteral("podman")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(
            "#!/bin/sh\necho 'Error: cannot set up namespace using \"/usr/bin/newuidmap\": exit status 1' "
            ">&2\nexit 125\n");
        script.close();
        QVERIFY(script.setPermissions(QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", bin.path().toLocal8Bit() + ':' + path);
        const auto tier = builtinTiers().create("container", {{"engine", "podman"}});
        const ProbeResult probe = tier->probe();
        qputenv("PATH", path);
        QVERIFY(!probe.available);
        QVERIFY2(probe.reason.starts_with("Podman is installed but cannot run containers here"),
                 probe.reason.c_str());
        QVERIFY2(probe.reason.find("newuidmap") == std::string::npos, probe.reason.c_str());
        QVERIFY2(probe.details.find("newuidmap") != std::string::npos, probe.details.c_str());
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestGuiProbeDetails test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_probe_details.moc"
