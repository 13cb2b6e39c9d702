// The agent loop across a conversation and at its ends: a follow-up sent with everything said before, a
// stopped exchange's open tool calls answered before the next message, and the stop reasons that leave an
// empty or cut answer (refusal, content filter, context window, token limit) told to the user. A real
// provider client against the scripted server; programs run on the subprocess tier.

#include "support/agent_loop_kit.h"

#include <QTest>

using namespace test_support::agent_loop;
using test_support::ScriptedHttpServer;
using test_support::ScriptedResponse;

class TestAgentConversation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void followUpContinuesTheConversation();
    void followUpAfterTheTurnLimitAnswersTheCallsLeft();
    void shortEndSaysWhy_data();
    void shortEndSaysWhy();

private:
    std::unique_ptr<Tier> m_subprocess;
};

void TestAgentConversation::initTestCase() {
    m_subprocess = usableTier("subprocess");
    if (!m_subprocess)
        QSKIP("the subprocess tier cannot run here (see sandbench-cli tiers)");
}

// A follow-up is sent with everything said before: the task, the tool call and its result, the answer.
void TestAgentConversation::followUpContinuesTheConversation() {
    ScriptedHttpServer server;
    server.enqueue(
        "POST", "/v1/messages",
        turn(ProviderKind::Anthropic, "Computing.", {{"toolu_sq", "print(sum(i*i for i in range(4)))"}}));
    server.enqueue("POST", "/v1/messages", turn(ProviderKind::Anthropic, "The sum of squares is 14."));
    server.enqueue("POST", "/v1/messages", turn(ProviderKind::Anthropic, "The sum of cubes is 36."));
    const auto client = makeProvider(settingsFor(ProviderKind::Anthropic, server));
    const Transcript first =
        runAgent("Sum the squares of 0..3.", *client, *m_subprocess, AgentSettings{}, {}, {});
    QCOMPARE(nameOf(first.outcome), nameOf(AgentOutcome::Finished));
    std::vector<int> turnsSeen;
    AgentEvents events;
    events.turnStarted = [&](int turn) { turnsSeen.push_back(turn); };
    const Transcript second =
        continueAgent(first, "Now do it for the cubes.", *client, *m_subprocess, AgentSettings{}, events, {});
    QCOMPARE(nameOf(second.outcome), nameOf(AgentOutcome::Finished));
    QCOMPARE(second.finalText, std::string("The sum of cubes is 36."));
    QCOMPARE(second.task, first.task);
    QCOMPARE(second.startedAt, first.startedAt);
    QCOMPARE(second.turns, 3);
    QCOMPARE(second.exchangeTurns, 1);
    QCOMPARE(turnsSeen, std::vector<int>{3});
    QCOMPARE(second.runs.size(), size_t(1));
    QCOMPARE(second.messages.size(), size_t(6));

    const auto requests = server.requests();
    QCOMPARE(requests.size(), 3);
    const json sent = json::parse(requests[2].body.toStdString()).at("messages");
    QCOMPARE(sent.size(), size_t(5));
    COMPARE_JSON(sent[0], (json{{"role", "user"}, {"content", "Sum the squares of 0..3."}}));
    COMPARE_JSON(sent[1].at("content").back().at("id"), "toolu_sq");
    COMPARE_JSON(sent[2].at("content")[0].at("tool_use_id"), "toolu_sq");
    QVERIFY(sent[2].dump().find("14") != std::string::npos); // the run's real output
    COMPARE_JSON(sent[3].at("content")[0].at("text"), "The sum of squares is 14.");
    COMPARE_JSON(sent[4], (json{{"role", "user"}, {"content", "Now do it for the cubes."}}));
}

// A session that stopped at the turn limit left a tool call without a result, which both APIs refuse in
// the next request: the follow-up answers it "not run" first.
void TestAgentConversation::followUpAfterTheTurnLimitAnswersTheCallsLeft() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/chat/completions",
                   turn(ProviderKind::OpenAiCompatible, "", {{"call_left", "print(1)"}}));
    server.enqueue("POST", "/v1/chat/completions", turn(ProviderKind::OpenAiCompatible, "Fine, I stop."));
    const auto client = makeProvider(settingsFor(ProviderKind::OpenAiCompatible, server));
    AgentSettings settings;
    settings.maxTurns = 1;
    const Transcript first = runAgent("task", *client, *m_subprocess, settings, {}, {});
    QCOMPARE(nameOf(first.outcome), nameOf(AgentOutcome::TurnLimit));
    const Transcript second = continueAgent(first, "Stop there.", *client, *m_subprocess, settings, {}, {});
    QCOMPARE(nameOf(second.outcome), nameOf(AgentOutcome::Finished));
    const json sent = json::parse(server.requests()[1].body.toStdString()).at("messages");
    // system, task, the call, its "not run" result, the follow-up
    QCOMPARE(sent.size(), size_t(5));
    COMPARE_JSON(sent[3].at("role"), "tool");
    COMPARE_JSON(sent[3].at("tool_call_id"), "call_left");
    QVERIFY2(sent[3].at("content").get<std::string>().find("Not run: the turn limit was reached.") !=
                 std::string::npos,
             sent[3].dump().c_str());
    COMPARE_JSON(sent[4], (json{{"role", "user"}, {"content", "Stop there."}}));
}

void TestAgentConversation::shortEndSaysWhy_data() {
    using namespace test_support;
    QTest::addColumn<int>("kind");
    QTest::addColumn<QList<QByteArray>>("events");
    QTest::addColumn<QString>("finalText");
    QTest::addColumn<QString>("note");
    const int claude = int(ProviderKind::Anthropic);
    const int openAi = int(ProviderKind::OpenAiCompatible);
    // Anthropic's streaming classifier stops a reply with stop_reason "refusal", often before any text.
    QTest::newRow("Anthropic refusal")
        << claude
        << QList<QByteArray>{anthropic::sseEvent(anthropic::messageStart()),
                             anthropic::sseEvent(anthropic::messageDelta("refusal", 0)),
                             anthropic::sseEvent(anthropic::messageStop())}
        << ""
        << "The model refused to answer (\"refusal\")";
    QTest::newRow("Anthropic context window")
        << claude
        << QList<QByteArray>{anthropic::sseEvent(anthropic::messageStart()),
                             anthropic::sseEvent(anthropic::textStart(0)),
                             anthropic::sseEvent(anthropic::textDelta(0, "The mean is")),
                             anthropic::sseEvent(anthropic::blockStop(0)),
                             anthropic::sseEvent(anthropic::messageDelta("model_context_window_exceeded")),
                             anthropic::sseEvent(anthropic::messageStop())}
        << "The mean is"
        << "no longer fits the model's context window";
    QTest::newRow("Anthropic pause_turn")
        << claude
        << QList<QByteArray>{anthropic::sseEvent(anthropic::messageStart()),
                             anthropic::sseEvent(anthropic::messageDelta("pause_turn", 0)),
                             anthropic::sseEvent(anthropic::messageStop())}
        << ""
        << "a reason Sandbench does not act on (\"pause_turn\")";
    // OpenAI streams a refusal in delta.refusal, in pieces, and ends it with "stop".
    QTest::newRow("OpenAI refusal")
        << openAi
        << openai::replyStream({openai::dumped(openai::chunkWith({{"refusal", "I'm sorry, "}})),
                                openai::dumped(openai::chunkWith({{"refusal", "I can't help with that."}}))},
                               "stop")
        << ""
        << "refused to answer: \"I'm sorry, I can't help with that.\"";
    QTest::newRow("OpenAI content filter")
        << openAi << openai::replyStream({openai::textChunk("Here is")}, "content_filter") << "Here is"
        << "content filter stopped the answer (\"content_filter\")";
    QTest::newRow("OpenAI length") << openAi << openai::replyStream({openai::textChunk("1, 2, 3")}, "length")
                                   << "1, 2, 3"
                                   << "max-tokens limit (4000)";
}

// A refusal, a content filter, a full context or the token limit leaves an empty or cut answer: the session
// says why, as a notice (the chat's and the CLI's) and in the transcript, instead of ending silently.
void TestAgentConversation::shortEndSaysWhy() {
    QFETCH(int, kind);
    QFETCH(QList<QByteArray>, events);
    QFETCH(QString, finalText);
    QFETCH(QString, note);
    ScriptedHttpServer server;
    server.enqueue("POST", modelPath(ProviderKind(kind)), ScriptedResponse::sse(events));
    const auto client = makeProvider(settingsFor(ProviderKind(kind), server));
    std::vector<std::string> notices;
    AgentEvents agentEvents;
    agentEvents.notice = [&](std::string_view notice) { notices.emplace_back(notice); };
    const Transcript transcript = runAgent("task", *client, *m_subprocess, AgentSettings{}, agentEvents, {});
    QCOMPARE(nameOf(transcript.outcome), nameOf(AgentOutcome::Finished));
    QCOMPARE(QString::fromStdString(transcript.finalText), finalText);
    QCOMPARE(notices.size(), size_t(1));
    QVERIFY2(QString::fromStdString(notices[0]).contains(note), notices[0].c_str());
    QCOMPARE(transcript.endNotes, notices);
    QVERIFY(transcript.toMarkdown().find("- **Note:** " + notices[0]) != std::string::npos);
    QCOMPARE(Transcript::fromJson(transcript.toJson()).endNotes, notices);
}

QTEST_GUILESS_MAIN(TestAgentConversation)
#include "tst_agent_conversation.moc"
