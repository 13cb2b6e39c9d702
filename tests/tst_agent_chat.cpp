// The Agent chat dock driven as a user would, offscreen, against the scripted HTTP server speaking the
// OpenAI-compatible streaming protocol: the model's program runs for real on the subprocess tier with the
// policy chosen in the Tier & policy pane, its output shows in the chat and in the Output pane and goes
// back to the model, the answer streams in, Enter sends and Shift+Enter does not, Stop ends a hanging
// session at once, a missing key or model is explained and nothing is sent, and "Open in editor" hands the
// code to the editor. Set SANDBENCH_AGENT_CHAT_SCREENSHOT=<file.png> to save a picture of the window with
// a finished conversation.

#include "gui/agent_chat_dock.h"
#include "gui/agent_controller.h"
#include "gui/agent_settings_panel.h"
#include "gui/chat_input.h"
#include "gui/chat_view.h"
#include "gui/code_editor.h"
#include "gui/main_window.h"
#include "gui/output_pane.h"
#include "gui/run_history.h"
#include "gui/run_panel.h"
#include "gui/theme.h"
#include "gui/tool_call_view.h"
#include "support/scripted_http_server.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using sandbench::agent::AgentOutcome;
using sandbench::agent::ProviderKind;
using sandbench::agent::Transcript;
using test_support::ScriptedHttpServer;
using test_support::ScriptedResponse;

namespace {

const QByteArray kCompletions = "/v1/chat/completions";

QByteArray chunk(const QJsonObject& delta, const QJsonValue& finishReason = QJsonValue::Null) {
    QJsonObject choice{{"index", 0}, {"delta", delta}, {"finish_reason", finishReason}};
    QJsonObject object{{"id", "chatcmpl-test"},
                       {"object", "chat.completion.chunk"},
                       {"model", "test-model"},
                       {"choices", QJsonArray{choice}}};
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// A turn that streams `pieces` of text and ends with a final answer.
QList<QByteArray> answerTurn(const QStringList& pieces) {
    QList<QByteArray> events{chunk(QJsonObject{{"role", "assistant"}, {"content", ""}})};
    for (const QString& piece : pieces)
        events << chunk(QJsonObject{{"content", piece}});
    events << chunk(QJsonObject{}, QStringLiteral("stop")) << "[DONE]";
    return events;
}

// A turn that says `text`, then calls run_python with `code` (its arguments split over two chunks, as real
// servers stream them).
QList<QByteArray> toolTurn(const QString& callId, const QString& code, const QString& text) {
    const QString arguments =
        QString::fromUtf8(QJsonDocument(QJsonObject{{"code", code}}).toJson(QJsonDocument::Compact));
    const qsizetype half = arguments.size() / 2;
    auto call = [&](const QJsonObject& function, bool first) {
        QJsonObject entry{{"index", 0}, {"function", function}};
        if (first) {
            entry.insert("id", callId);
            entry.insert("type", "function");
        }
        return chunk(QJsonObject{{"tool_calls", QJsonArray{entry}}});
    };
    return {chunk(QJsonObject{{"role", "assistant"}, {"content", text}}),
            call(QJsonObject{{"name", "run_python"}, {"arguments", arguments.left(half)}}, true),
            call(QJsonObject{{"arguments", arguments.mid(half)}}, false),
            chunk(QJsonObject{}, QStringLiteral("tool_calls")), "[DONE]"};
}

// Enums compared by their names, which QCOMPARE can print.
QString nameOf(AgentOutcome outcome) {
    return QString::fromUtf8(sandbench::agent::toString(outcome));
}

QString nameOf(ProviderKind kind) {
    return QString::fromUtf8(sandbench::agent::toString(kind));
}

QJsonObject bodyOf(const test_support::RecordedRequest& request) {
    return QJsonDocument::fromJson(request.body).object();
}

} // namespace

class TestAgentChat : public QObject {
    Q_OBJECT

private:
    QString m_subprocessProblem;

    // A window whose tiers have all answered probe(), on the subprocess tier.
    static std::unique_ptr<MainWindow> readyWindow() {
        auto window = std::make_unique<MainWindow>();
        window->show();
        if (!window->tiersProbed())
            QSignalSpy(window.get(), &MainWindow::tiersReady).wait(20000);
        window->runPanel()->setCurrentTier(QStringLiteral("subprocess"));
        window->findChild<QDockWidget*>(QStringLiteral("dock.chat"))->raise(); // in front of its tab group
        return window;
    }

    static void closeWithoutPrompt(MainWindow& window) {
        window.editor()->document()->setModified(false);
        window.close();
    }

    // The OpenAI-compatible provider at the scripted server.
    static void pointAt(AgentChatDock& chat, const ScriptedHttpServer& server) {
        AgentSettingsPanel* settings = chat.settingsPanel();
        settings->setProviderKind(ProviderKind::OpenAiCompatible);
        settings->setBaseUrl(server.url() + QStringLiteral("/v1"));
        settings->setModel(QStringLiteral("test-model"));
        settings->setApiKey(QStringLiteral("sk-test-secret"));
    }

    static Transcript finishedTranscript(const QSignalSpy& spy) {
        return spy.last().at(0).value<Transcript>();
    }

    // The two-turn session every test of a finished conversation starts from: the model runs print(6*7)
    // and then answers, its answer streamed in pieces a moment apart.
    static void runTwoTurnSession(MainWindow& window, ScriptedHttpServer& server) {
        AgentChatDock* chat = window.agentChat();
        pointAt(*chat, server);
        server.enqueue("POST", kCompletions,
                       ScriptedResponse::sse(toolTurn(QStringLiteral("call_1"), QStringLiteral("print(6*7)"),
                                                      QStringLiteral("Let me compute that."))));
        server.enqueue("POST", kCompletions,
                       ScriptedResponse::sse(
                           answerTurn({QStringLiteral("The answer "), QStringLiteral("is 42.")}), 300));
        QSignalSpy finished(chat, &AgentChatDock::sessionFinished);
        chat->input()->setPlainText(QStringLiteral("What is 6 times 7? Compute it."));
        QVERIFY(chat->send());
        QVERIFY(chat->isRunning());
        QVERIFY(chat->stopButton()->isEnabled());
        QVERIFY(!chat->sendButton()->isEnabled());
        // The answer appears piece by piece, before the session has ended.
        QTRY_VERIFY_WITH_TIMEOUT(chat->view()->assistantText().contains(QStringLiteral("The answer")), 30000);
        QCOMPARE(finished.count(), 0);
        QVERIFY(finished.wait(20000));
    }

private Q_SLOTS:
    // A tool call's output box is as tall as its output, up to twelve lines: a short answer is in view
    // whole, nothing scrolled away; a long one scrolls inside the box, its last line in view.
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location, not the user's
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_agent_chat"));
        QSettings().clear();
        QFile::remove(RunHistory::defaultPath());
        // The provider's defaults come from the environment: none of the user's keys or servers here.
        for (const char* name : {"ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_API_KEY",
                                 "OPENAI_BASE_URL", "SANDBENCH_AGENT_MODEL"})
            qunsetenv(name);
        auto window = readyWindow();
        if (window->runPanel()->currentTier() != QLatin1String("subprocess"))
            QSKIP(qPrintable(QStringLiteral("the subprocess tier cannot run here: ") +
                             window->runPanel()->tierNotes(QStringLiteral("subprocess"))));
        closeWithoutPrompt(*window);
    }

    void cleanup() { QSettings().clear(); }

    // A follow-up continues the conversation (the model gets everything said before); New chat starts an
    // empty one, the earlier stays listed by tier and can be shown again; the chat names its tier and policy.
    void followUpContinuesUntilANewChat() {
        auto window = readyWindow();
        ScriptedHttpServer server;
        AgentChatDock* chat = window->agentChat();
        QVERIFY2(chat->tierLine().startsWith(QStringLiteral("Runs on subprocess · ")),
                 qPrintable(chat->tierLine()));
        sandbench::Policy policy;
        policy.timeoutSeconds = 4;
        window->runPanel()->setPolicy(policy);
        QVERIFY2(chat->tierLine().contains(QString::fromStdString(policy.summary())),
                 qPrintable(chat->tierLine()));
        runTwoTurnSession(*window, server);
        if (QTest::currentTestFailed())
            return;
        // The program's whole output is in view in its box, nothing scrolled away.
        ToolCallView* call = chat->view()->toolCalls().value(0);
        QVERIFY(call);
        auto* output = call->findChildren<QPlainTextEdit*>().value(1);
        QVERIFY(output);
        QCOMPARE(output->verticalScrollBar()->maximum(), 0);

        QSignalSpy finished(chat, &AgentChatDock::sessionFinished);
        server.enqueue("POST", kCompletions,
                       ScriptedResponse::sse(answerTurn({QStringLiteral("For cubes: 343.")})));
        chat->input()->setPlainText(QStringLiteral("Now do it for the cubes."));
        QVERIFY(chat->send());
        QVERIFY(finished.wait(20000));
        const auto requests = server.requests("POST", kCompletions);
        QCOMPARE(requests.size(), 3);
        QVERIFY2(requests[2].body.contains("What is 6 times 7?") &&
                     requests[2].body.contains("The answer is 42.") &&
                     requests[2].body.contains("Now do it for the cubes."),
                 requests[2].body.constData());
        QCOMPARE(chat->transcript()->messages.size(), size_t(6));
        QVERIFY(chat->view()->plainText().contains(QStringLiteral("What is 6 times 7?")));
        // Turns count over the chat, as the messages' headings do; the limit is the message's own.
        QVERIFY2(chat->view()->plainText().contains(
                     QStringLiteral("answered at turn 3 (model calls for this message: 1 of at most")),
                 qPrintable(chat->view()->plainText()));
        QCOMPARE(chat->chatCount(), 1);
        QVERIFY(chat->chatLabel(0).contains(QStringLiteral("subprocess")));

        QVERIFY(chat->newChatButton()->isEnabled());
        chat->newChat();
        QCOMPARE(chat->chatCount(), 2);
        QCOMPARE(chat->currentChat(), 1);
        QVERIFY(!chat->transcript());
        QVERIFY(!chat->view()->plainText().contains(QStringLiteral("What is 6 times 7?")));
        server.enqueue("POST", kCompletions, ScriptedResponse::sse(answerTurn({QStringLiteral("Hello.")})));
        chat->input()->setPlainText(QStringLiteral("Hi"));
        QVERIFY(chat->send());
        QVERIFY(finished.wait(20000));
        QVERIFY2(!server.requests("POST", kCompletions).value(3).body.contains("6 times 7"),
                 "a new chat must not carry the earlier one");
        // The earlier chat, chosen again, is shown whole.
        chat->showChat(0);
        QVERIFY(chat->view()->plainText().contains(QStringLiteral("Now do it for the cubes.")));
        QCOMPARE(chat->view()->toolCalls().size(), 1);
        QCOMPARE(chat->view()->toolCalls()[0]->outputText().trimmed(), QStringLiteral("42"));
        closeWithoutPrompt(*window);
    }

    // The chat pane chooses its tier itself, as the workbench's one current tier: the Tier and policy pane
    // follows it and it follows that pane; the control is never offered.
    void chatChoosesItsTierInItsOwnPane() {
        auto window = readyWindow();
        AgentChatDock* chat = window->agentChat();
        QComboBox* chooser = chat->tierChooser();
        QVERIFY(chooser->isVisibleTo(chat));
        QCOMPARE(chooser->findData(QStringLiteral("host")), -1);
        QCOMPARE(chooser->currentData().toString(), QStringLiteral("subprocess"));
        QString other;
        auto* model = qobject_cast<QStandardItemModel*>(chooser->model());
        for (int index = 0; index < chooser->count() && other.isEmpty(); ++index) {
            if (chooser->itemData(index).toString() != QLatin1String("subprocess") &&
                model->item(index)->isEnabled())
                other = chooser->itemData(index).toString();
        }
        // Every unavailable tier says why.
        for (int index = 0; index < chooser->count(); ++index)
            QVERIFY(model->item(index)->isEnabled() || !model->item(index)->toolTip().isEmpty());
        if (other.isEmpty()) {
            closeWithoutPrompt(*window);
            QSKIP("only the subprocess tier can run here: nothing else to choose");
        }
        QSignalSpy chosen(chat, &AgentChatDock::tierChosen);
        chooser->activated(chooser->findData(other)); // as a click on the item does
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(window->runPanel()->currentTier(), other);
        QVERIFY2(chat->tierLine().startsWith(QStringLiteral("Runs on %1 · ").arg(other)),
                 qPrintable(chat->tierLine()));
        window->runPanel()->setCurrentTier(QStringLiteral("subprocess"));
        QCOMPARE(chooser->currentData().toString(), QStringLiteral("subprocess"));
        QCOMPARE(chosen.size(), 1); // following the pane is not a choice of its own
        closeWithoutPrompt(*window);
    }

    void twoTurnSessionRunsTheModelsCodeOnTheChosenTier() {
        auto window = readyWindow();
        sandbench::Policy policy;
        policy.timeoutSeconds = 7;
        policy.memoryMb = 300;
        window->runPanel()->setPolicy(policy);
        ScriptedHttpServer server;
        AgentChatDock* chat = window->agentChat();
        runTwoTurnSession(*window, server);
        if (QTest::currentTestFailed())
            return;

        // The outcome, in the view and in the transcript.
        const Transcript transcript = *chat->transcript();
        QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Finished));
        QCOMPARE(transcript.turns, 2);
        QVERIFY2(chat->view()->outcomeText().startsWith(QStringLiteral("Finished")),
                 qPrintable(chat->view()->outcomeText()));
        QCOMPARE(chat->view()->finalAnswer(), QStringLiteral("The answer is 42."));
        QVERIFY(chat->view()->assistantText().contains(QStringLiteral("Let me compute that.")));
        QVERIFY(!chat->isRunning());
        QVERIFY(chat->sendButton()->isEnabled());
        QVERIFY(!chat->stopButton()->isEnabled());

        // The tool block: the code, its real output, its result, and the tier and policy it ran with.
        const QList<ToolCallView*> calls = chat->view()->toolCalls();
        QCOMPARE(calls.size(), 1);
        QCOMPARE(calls[0]->code(), QStringLiteral("print(6*7)"));
        QCOMPARE(calls[0]->outputText().trimmed(), QStringLiteral("42"));
        QVERIFY2(calls[0]->resultText().startsWith(QStringLiteral("exit 0")),
                 qPrintable(calls[0]->resultText()));
        QVERIFY2(calls[0]->tierText().startsWith(QStringLiteral("subprocess")),
                 qPrintable(calls[0]->tierText()));
        QVERIFY2(calls[0]->tierText().contains(QString::fromStdString(policy.summary())),
                 qPrintable(calls[0]->tierText()));
        QCOMPARE(transcript.tier, std::string("subprocess"));
        QVERIFY(transcript.policy == policy);
        QVERIFY(calls[0]->isExpanded());
        calls[0]->setExpanded(false);
        QVERIFY(!calls[0]->isExpanded());

        // The same run streamed into the Output pane.
        QCOMPARE(window->output()->text().trimmed(), QStringLiteral("42"));
        QVERIFY2(window->output()->resultLine().startsWith(QStringLiteral("exit 0")),
                 qPrintable(window->output()->resultLine()));

        // What the server received: the task, the tool, the key; and in turn 2 the program's real stdout.
        const auto requests = server.requests("POST", kCompletions);
        QCOMPARE(requests.size(), 2);
        QCOMPARE(requests[0].header("authorization"), QByteArray("Bearer sk-test-secret"));
        const QJsonObject first = bodyOf(requests[0]);
        QCOMPARE(first.value("model").toString(), QStringLiteral("test-model"));
        QCOMPARE(first.value("tools").toArray().at(0).toObject().value("function").toObject().value("name"),
                 QJsonValue(QStringLiteral("run_python")));
        QVERIFY(QString::fromUtf8(requests[0].body).contains(QStringLiteral("What is 6 times 7?")));
        QJsonObject toolMessage;
        for (const QJsonValue& message : bodyOf(requests[1]).value("messages").toArray())
            if (message.toObject().value("role") == QStringLiteral("tool"))
                toolMessage = message.toObject();
        QCOMPARE(toolMessage.value("tool_call_id").toString(), QStringLiteral("call_1"));
        const QJsonObject toolResult =
            QJsonDocument::fromJson(toolMessage.value("content").toString().toUtf8()).object();
        QCOMPARE(toolResult.value("stdout").toString(), QStringLiteral("42\n"));
        QCOMPARE(toolResult.value("exit_code").toInt(-1), 0);

        // The transcript, saved and exported, without the key.
        QVERIFY(chat->saveTranscriptAction()->isEnabled());
        QVERIFY(chat->exportMarkdownAction()->isEnabled());
        QTemporaryDir folder;
        const QString json = folder.filePath(QStringLiteral("session.json"));
        const QString markdown = folder.filePath(QStringLiteral("session.md"));
        QCOMPARE(chat->saveTranscript(json), QString());
        QCOMPARE(chat->exportMarkdown(markdown), QString());
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        const QByteArray saved = jsonFile.readAll();
        QCOMPARE(QJsonDocument::fromJson(saved).object().value("outcome").toString(),
                 QStringLiteral("finished"));
        QVERIFY(!saved.contains("sk-test-secret"));
        QFile markdownFile(markdown);
        QVERIFY(markdownFile.open(QIODevice::ReadOnly));
        const QByteArray document = markdownFile.readAll();
        QVERIFY(document.contains("print(6*7)"));
        QVERIFY(document.contains("The answer is 42."));

        if (const QString path = qEnvironmentVariable("SANDBENCH_AGENT_CHAT_SCREENSHOT"); !path.isEmpty()) {
            calls[0]->setExpanded(true);
            auto* dock = window->findChild<QDockWidget*>(QStringLiteral("dock.chat"));
            dock->raise();
            window->resize(1400, 900);
            QTest::qWait(300);
            QVERIFY(window->grab().save(path));
            // The same in the dark theme, beside it.
            applyTheme(*qobject_cast<QApplication*>(QCoreApplication::instance()), Theme::Dark);
            QTest::qWait(300);
            QVERIFY(window->grab().save(
                QString(path).replace(QStringLiteral(".png"), QStringLiteral("-dark.png"))));
            applyTheme(*qobject_cast<QApplication*>(QCoreApplication::instance()), Theme::System);
        }
        closeWithoutPrompt(*window);
    }

    void openInEditorPutsTheCodeIntoTheEditor() {
        auto window = readyWindow();
        ScriptedHttpServer server;
        runTwoTurnSession(*window, server);
        if (QTest::currentTestFailed())
            return;
        window->editor()->setPlainText(QStringLiteral("print('mine')"));
        ToolCallView* call = window->agentChat()->view()->toolCall(QStringLiteral("call_1"));
        QVERIFY(call);
        QVERIFY(call->openInEditorButton()->isEnabled());
        QTest::mouseClick(call->openInEditorButton(), Qt::LeftButton);
        QCOMPARE(window->editor()->toPlainText(), QStringLiteral("print(6*7)"));
        QCOMPARE(window->tabs()->currentIndex(), 0);
        // One undoable edit: the user's own program comes back.
        window->editor()->undo();
        QCOMPARE(window->editor()->toPlainText(), QStringLiteral("print('mine')"));
        closeWithoutPrompt(*window);
    }

    void enterSendsAndShiftEnterInsertsANewline() {
        auto window = readyWindow();
        ScriptedHttpServer server;
        AgentChatDock* chat = window->agentChat();
        pointAt(*chat, server);
        server.enqueue("POST", kCompletions, ScriptedResponse::sse(answerTurn({QStringLiteral("Done.")})));
        QSignalSpy finished(chat, &AgentChatDock::sessionFinished);
        ChatInput* input = chat->input();
        input->setFocus();
        QTest::keyClicks(input, QStringLiteral("first line"));
        QTest::keyClick(input, Qt::Key_Return, Qt::ShiftModifier);
        QTest::keyClicks(input, QStringLiteral("second line"));
        QCOMPARE(input->toPlainText(), QStringLiteral("first line\nsecond line"));
        QVERIFY(!chat->isRunning());
        QCOMPARE(server.requests().size(), 0);

        QTest::keyClick(input, Qt::Key_Return);
        QVERIFY(chat->isRunning());
        QCOMPARE(input->toPlainText(), QString()); // the task has moved into the conversation
        QVERIFY(finished.wait(20000));
        QCOMPARE(nameOf(finishedTranscript(finished).outcome), nameOf(AgentOutcome::Finished));
        QCOMPARE(finishedTranscript(finished).task, std::string("first line\nsecond line"));
        QVERIFY(chat->view()->plainText().contains(QStringLiteral("first line\nsecond line")));
        const auto requests = server.requests("POST", kCompletions);
        QCOMPARE(requests.size(), 1);
        const QJsonArray messages = bodyOf(requests[0]).value("messages").toArray();
        bool taskSent = false;
        for (const QJsonValue& message : messages)
            taskSent |=
                message.toObject().value("role") == QStringLiteral("user") &&
                message.toObject().value("content").toString() == QStringLiteral("first line\nsecond line");
        QVERIFY2(taskSent, requests[0].body.constData());
        QCOMPARE(chat->view()->finalAnswer(), QStringLiteral("Done."));
        closeWithoutPrompt(*window);
    }

    void stopEndsTheSessionAtOnce_data() {
        QTest::addColumn<bool>("duringProgram");
        QTest::newRow("while the model's reply hangs mid-stream") << false;
        QTest::newRow("while the model's program runs") << true;
    }

    void stopEndsTheSessionAtOnce() {
        QFETCH(bool, duringProgram);
        auto window = readyWindow();
        ScriptedHttpServer server;
        AgentChatDock* chat = window->agentChat();
        pointAt(*chat, server);
        if (duringProgram) {
            server.enqueue(
                "POST", kCompletions,
                ScriptedResponse::sse(toolTurn(QStringLiteral("call_sleep"),
                                               QStringLiteral("import time\nprint('started', flush=True)\n"
                                                              "time.sleep(60)\n"),
                                               QStringLiteral("Sleeping."))));
            sandbench::Policy policy;
            policy.timeoutSeconds = 120; // only Stop can end it in time
            window->runPanel()->setPolicy(policy);
        } else {
            // The first piece arrives, then the server goes quiet with the response unfinished.
            server.enqueue(
                "POST", kCompletions,
                ScriptedResponse::sse({chunk(QJsonObject{{"role", "assistant"}, {"content", "Thinking"}})})
                    .endingWith(ScriptedResponse::Ending::Hang));
        }
        QSignalSpy finished(chat, &AgentChatDock::sessionFinished);
        chat->input()->setPlainText(QStringLiteral("Take your time."));
        QVERIFY(chat->send());
        if (duringProgram)
            QTRY_VERIFY_WITH_TIMEOUT(window->output()->text().contains(QStringLiteral("started")), 20000);
        else
            QTRY_VERIFY_WITH_TIMEOUT(chat->view()->assistantText().contains(QStringLiteral("Thinking")),
                                     20000);
        QVERIFY(chat->isRunning());
        QVERIFY(chat->stopButton()->isEnabled());

        QElapsedTimer clock;
        clock.start();
        QTest::mouseClick(chat->stopButton(), Qt::LeftButton);
        QVERIFY(!chat->stopButton()->isEnabled());
        QVERIFY(finished.wait(5000));
        QVERIFY2(clock.elapsed() < 2000,
                 qPrintable(QStringLiteral("stopping took %1 ms").arg(clock.elapsed())));
        QCOMPARE(nameOf(finishedTranscript(finished).outcome), nameOf(AgentOutcome::Cancelled));
        QVERIFY2(chat->view()->outcomeText().startsWith(QStringLiteral("Cancelled")),
                 qPrintable(chat->view()->outcomeText()));
        QVERIFY(chat->sendButton()->isEnabled());
        QVERIFY(!chat->stopButton()->isEnabled());
        QVERIFY(chat->saveTranscriptAction()->isEnabled());
        if (duringProgram) {
            ToolCallView* call = chat->view()->toolCall(QStringLiteral("call_sleep"));
            QVERIFY(call);
            QVERIFY2(call->resultText().contains(QStringLiteral("cancel"), Qt::CaseInsensitive),
                     qPrintable(call->resultText()));
        }
        QCOMPARE(server.requests("POST", kCompletions).size(), 1);
        closeWithoutPrompt(*window);
    }

    void outcomesAndNoticesAreShown_data() {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<QString>("detail"); // in the outcome line, or in a notice for "retry"
        QTest::newRow("the provider refuses the key") << "401"
                                                      << "failed"
                                                      << "401";
        QTest::newRow("the turn limit comes first") << "turn limit"
                                                    << "turn_limit"
                                                    << "Not run";
        QTest::newRow("a retry, then the answer") << "retry"
                                                  << "finished"
                                                  << "429";
    }

    void outcomesAndNoticesAreShown() {
        QFETCH(QString, script);
        QFETCH(QString, outcome);
        QFETCH(QString, detail);
        auto window = readyWindow();
        ScriptedHttpServer server;
        AgentChatDock* chat = window->agentChat();
        pointAt(*chat, server);
        if (script == QLatin1String("401")) {
            server.enqueue(
                "POST", kCompletions,
                ScriptedResponse::json(401, R"({"error":{"message":"Incorrect API key provided"}})"));
        } else if (script == QLatin1String("turn limit")) {
            chat->settingsPanel()->setMaxTurns(1);
            server.enqueue(
                "POST", kCompletions,
                ScriptedResponse::sse(toolTurn(QStringLiteral("call_late"), QStringLiteral("print(1)"),
                                               QStringLiteral("One more run."))));
        } else {
            server.enqueue("POST", kCompletions,
                           ScriptedResponse::json(429, R"({"error":{"message":"slow down"}})")
                               .withHeader("Retry-After", "0"));
            server.enqueue("POST", kCompletions,
                           ScriptedResponse::sse(answerTurn({QStringLiteral("Fine.")})));
        }
        QSignalSpy finished(chat, &AgentChatDock::sessionFinished);
        chat->input()->setPlainText(QStringLiteral("Go."));
        QVERIFY(chat->send());
        QVERIFY(finished.wait(30000));
        const Transcript transcript = finishedTranscript(finished);
        QCOMPARE(nameOf(transcript.outcome), outcome);
        const QString line = chat->view()->outcomeText();
        QCOMPARE(line, ChatView::outcomeDescription(transcript));
        if (script == QLatin1String("401")) {
            QVERIFY2(line.startsWith(QStringLiteral("Failed")) && line.contains(detail), qPrintable(line));
            QVERIFY2(line.contains(QStringLiteral("Incorrect API key provided")), qPrintable(line));
        } else if (script == QLatin1String("turn limit")) {
            QVERIFY2(line.startsWith(QStringLiteral("Turn limit")), qPrintable(line));
            ToolCallView* call = chat->view()->toolCall(QStringLiteral("call_late"));
            QVERIFY(call);
            QCOMPARE(call->code(), QStringLiteral("print(1)"));
            QVERIFY2(call->resultText().contains(detail), qPrintable(call->resultText()));
            QCOMPARE(call->outputText(), QString());          // it never ran
            QVERIFY(call->openInEditorButton()->isEnabled()); // its code can still be run by hand
        } else {
            QVERIFY2(line.startsWith(QStringLiteral("Finished")), qPrintable(line));
            QCOMPARE(chat->view()->notices().size(), 1);
            QVERIFY2(chat->view()->notices().at(0).contains(detail),
                     qPrintable(chat->view()->notices().at(0)));
            QCOMPARE(chat->view()->finalAnswer(), QStringLiteral("Fine."));
        }
        QVERIFY(chat->sendButton()->isEnabled());
        closeWithoutPrompt(*window);
    }

    void closingTheWindowEndsARunningSession() {
        auto window = readyWindow();
        ScriptedHttpServer server;
        AgentChatDock* chat = window->agentChat();
        pointAt(*chat, server);
        server.enqueue(
            "POST", kCompletions,
            ScriptedResponse::sse({chunk(QJsonObject{{"role", "assistant"}, {"content", "Thinking"}})})
                .endingWith(ScriptedResponse::Ending::Hang));
        chat->input()->setPlainText(QStringLiteral("Take your time."));
        QVERIFY(chat->send());
        QTRY_VERIFY_WITH_TIMEOUT(chat->view()->assistantText().contains(QStringLiteral("Thinking")), 20000);
        QElapsedTimer clock;
        clock.start();
        closeWithoutPrompt(*window);
        window.reset(); // the controller stops the session and joins its thread
        QVERIFY2(clock.elapsed() < 2000,
                 qPrintable(QStringLiteral("closing took %1 ms").arg(clock.elapsed())));
    }

    void missingConfigurationIsShownAndNothingIsSent_data() {
        QTest::addColumn<int>("provider");
        QTest::addColumn<QString>("baseUrl"); // "server" for the scripted server
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("expected");
        QTest::newRow("OpenAI's host without a key")
            << int(ProviderKind::OpenAiCompatible) << QStringLiteral("https://api.openai.com/v1")
            << QStringLiteral("gpt-4.1-mini") << QStringLiteral("OPENAI_API_KEY");
        QTest::newRow("Anthropic's host without a key")
            << int(ProviderKind::Anthropic) << QStringLiteral("https://api.anthropic.com")
            << QStringLiteral("claude-sonnet-4-5") << QStringLiteral("ANTHROPIC_API_KEY");
        QTest::newRow("a local server but no model")
            << int(ProviderKind::OpenAiCompatible) << QStringLiteral("server") << QString()
            << QStringLiteral("No model");
    }

    void missingConfigurationIsShownAndNothingIsSent() {
        QFETCH(int, provider);
        QFETCH(QString, baseUrl);
        QFETCH(QString, model);
        QFETCH(QString, expected);
        auto window = readyWindow();
        ScriptedHttpServer server;
        AgentChatDock* chat = window->agentChat();
        AgentSettingsPanel* settings = chat->settingsPanel();
        settings->setProviderKind(static_cast<ProviderKind>(provider));
        settings->setBaseUrl(baseUrl == QLatin1String("server") ? server.url() + QStringLiteral("/v1")
                                                                : baseUrl);
        settings->setModel(model);
        settings->setApiKey(QString());

        QVERIFY2(chat->bannerText().contains(expected), qPrintable(chat->bannerText()));
        QVERIFY(settings->isVisibleTo(chat)); // what to fill in is in view
        QVERIFY(!chat->sendButton()->isEnabled());
        QTest::keyClicks(chat->input(), QStringLiteral("Compute something"));
        QTest::keyClick(chat->input(), Qt::Key_Return);
        QVERIFY(!chat->send());
        QVERIFY2(chat->statusText().contains(expected), qPrintable(chat->statusText()));
        QVERIFY(!chat->isRunning());
        QCOMPARE(chat->controller()->currentSession(), quint64(0)); // no session, so no provider ever made
        QCOMPARE(chat->input()->toPlainText(), QStringLiteral("Compute something")); // nothing lost
        QVERIFY(!chat->view()->plainText().contains(QStringLiteral("Compute something")));
        QTest::qWait(300);
        QCOMPARE(server.requests().size(), 0);
        // The rest of the workbench keeps working.
        QVERIFY(window->runAction()->isEnabled());

        // Supplying what was missing clears the banner and enables Send.
        if (model.isEmpty())
            settings->setModel(QStringLiteral("test-model"));
        else
            settings->setApiKey(QStringLiteral("sk-typed"));
        QCOMPARE(chat->bannerText(), QString());
        QVERIFY(chat->sendButton()->isEnabled());
        closeWithoutPrompt(*window);
    }

    void aFreshWindowExplainsWhatToSet() {
        auto window = readyWindow();
        // No key in the environment and Anthropic's own host by default.
        QVERIFY2(window->agentChat()->bannerText().contains(QStringLiteral("ANTHROPIC_API_KEY")),
                 qPrintable(window->agentChat()->bannerText()));
        QVERIFY(!window->agentChat()->sendButton()->isEnabled());
        QVERIFY(!window->agentChat()->stopButton()->isEnabled());
        QVERIFY(!window->agentChat()->saveTranscriptAction()->isEnabled());
        QCOMPARE(window->agentChat()->settingsPanel()->maxTurns(), 6);
        closeWithoutPrompt(*window);
    }

    void settingsSurviveARestartButTheKeyDoesNot() {
        {
            auto window = readyWindow();
            AgentSettingsPanel* settings = window->agentChat()->settingsPanel();
            settings->setProviderKind(ProviderKind::OpenAiCompatible);
            settings->setBaseUrl(QStringLiteral("http://localhost:11434/v1"));
            settings->setModel(QStringLiteral("qwen2.5-coder"));
            settings->setApiKey(QStringLiteral("sk-never-saved"));
            settings->setMaxTurns(9);
            QCOMPARE(settings->providerSettings().apiKey, std::string("sk-never-saved"));
            closeWithoutPrompt(*window);
        }
        QSettings stored;
        for (const QString& key : stored.allKeys())
            QVERIFY2(!stored.value(key).toString().contains(QStringLiteral("sk-never-saved")),
                     qPrintable(key));
        auto window = readyWindow();
        AgentSettingsPanel* settings = window->agentChat()->settingsPanel();
        QCOMPARE(nameOf(settings->providerKind()), nameOf(ProviderKind::OpenAiCompatible));
        const sandbench::agent::ProviderSettings provider = settings->providerSettings();
        QCOMPARE(provider.baseUrl, std::string("http://localhost:11434/v1"));
        QCOMPARE(provider.model, std::string("qwen2.5-coder"));
        QCOMPARE(provider.apiKey, std::string());
        QCOMPARE(settings->maxTurns(), 9);
        // Anthropic kept its own defaults meanwhile.
        settings->setProviderKind(ProviderKind::Anthropic);
        QCOMPARE(settings->providerSettings().baseUrl, std::string("https://api.anthropic.com"));
        closeWithoutPrompt(*window);
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestAgentChat test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_agent_chat.moc"
