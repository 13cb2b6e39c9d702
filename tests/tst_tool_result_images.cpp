// A program's artifacts on their way back to the model (issue 19): run_python's result names every artifact
// with its size and type; PNG and JPEG pictures also travel as images, within a count and size cap; the
// Anthropic Messages API gets them as image blocks of the tool_result, OpenAI's Chat Completions (whose tool
// messages carry only text) the names alone; a saved transcript keeps the images, so a session continued
// later sends what the model saw.

#include "core/agent/anthropic_provider.h"
#include "core/agent/openai_provider.h"
#include "core/agent/run_python_tool.h"
#include "core/agent/transcript.h"
#include "core/base64.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace sandbench;
using namespace sandbench::agent;
using nlohmann::json;

namespace {

const std::string kPng = std::string("\x89PNG\r\n\x1a\n", 8) + std::string("\0\0\0\rIHDR pixels", 15);
const std::string kJpeg = std::string("\xff\xd8\xff\xe0", 4) + "JFIF jpeg bytes";

Artifact artifact(const std::string& name, const std::string& type, std::string bytes) {
    const auto size = static_cast<std::int64_t>(bytes.size());
    return Artifact{name, size, type, std::move(bytes)};
}

RunResult runWithArtifacts(std::vector<Artifact> artifacts) {
    RunResult result;
    result.tier = "subprocess";
    result.exitCode = 0;
    result.stdoutBytes = "plotted\n";
    result.artifacts = std::move(artifacts);
    return result;
}

ChatRequest requestWith(const ToolResult& result) {
    ChatRequest request;
    request.messages.push_back(ChatMessage::user("plot it"));
    ChatMessage assistant;
    assistant.role = ChatMessage::Role::Assistant;
    assistant.toolCalls = {ToolCall{result.toolCallId, "run_python", json{{"code", "..."}}, {}}};
    request.messages.push_back(assistant);
    ChatMessage results;
    results.role = ChatMessage::Role::ToolResults;
    results.toolResults = {result};
    request.messages.push_back(results);
    return request;
}

ProviderSettings settingsOf(ProviderKind kind) {
    ProviderSettings settings = ProviderSettings::defaultsFor(kind);
    settings.model = "test-model";
    return settings;
}

} // namespace

class TestToolResultImages : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resultNamesArtifactsAndCarriesPictures() {
        const ToolCall call{"toolu_1", "run_python", json{{"code", "..."}}, {}};
        RunResult run = runWithArtifacts({artifact("chart.png", "image/png", kPng),
                                          artifact("table.csv", "text/csv", "month,revenue\n1,2\n"),
                                          artifact("photo.jpg", "image/jpeg", kJpeg),
                                          artifact("drawing.svg", "image/svg+xml", "<svg/>")});
        run.artifactsDropped = {"huge.bin: over the 10 MB of artifacts"};
        const ToolResult result = toolResultFor(call, run);
        const json content = json::parse(result.content);
        QCOMPARE(content.at("artifacts").size(), std::size_t(4));
        QCOMPARE(content.at("artifacts")[1].dump(),
                 (json{{"name", "table.csv"}, {"size", 18}, {"type", "text/csv"}}).dump());
        QCOMPARE(content.at("artifacts_dropped")[0].get<std::string>(),
                 std::string("huge.bin: over the 10 MB of artifacts"));
        // Only PNG and JPEG go as pictures (the model APIs take no SVG), in the program's order.
        QCOMPARE(result.images.size(), std::size_t(2));
        QVERIFY(result.images[0] == (ToolImage{"chart.png", "image/png", kPng}));
        QVERIFY(result.images[1] == (ToolImage{"photo.jpg", "image/jpeg", kJpeg}));
        QVERIFY(!result.isError);

        // Without artifacts the result is what it always was.
        const ToolResult plain = toolResultFor(call, runWithArtifacts({}));
        QVERIFY(!json::parse(plain.content).contains("artifacts"));
        QVERIFY(plain.images.empty());
    }

    // A program cannot fill the model's context with pictures: at most four, at most 3 MB together.
    void picturesAreCapped() {
        const ToolCall call{"toolu_1", "run_python", json{{"code", "..."}}, {}};
        std::vector<Artifact> many;
        for (int i = 0; i < 6; ++i)
            many.push_back(artifact("p" + std::to_string(i) + ".png", "image/png", kPng));
        QCOMPARE(toolResultFor(call, runWithArtifacts(many)).images.size(), std::size_t(4));

        const std::string big = kPng + std::string(2 * 1024 * 1024, 'x');
        const ToolResult large = toolResultFor(
            call, runWithArtifacts({artifact("a.png", "image/png", big), artifact("b.png", "image/png", big),
                                    artifact("c.png", "image/png", kPng)}));
        QCOMPARE(large.images.size(), std::size_t(2)); // b.png would pass 3 MB; the small one still fits
        QCOMPARE(large.images[1].name, std::string("c.png"));
        QCOMPARE(json::parse(large.content).at("artifacts").size(), std::size_t(3)); // all still named
    }

    void anthropicGetsImageBlocks() {
        const ToolCall call{"toolu_1", "run_python", json{{"code", "..."}}, {}};
        const ToolResult result =
            toolResultFor(call, runWithArtifacts({artifact("chart.png", "image/png", kPng)}));
        ModelProvider provider(settingsOf(ProviderKind::Anthropic), anthropicMessagesApi());
        const json block = provider.requestBody(requestWith(result)).at("messages")[2].at("content")[0];
        QCOMPARE(block.at("type").get<std::string>(), std::string("tool_result"));
        const json blocks = block.at("content");
        QCOMPARE(blocks.size(), std::size_t(3));
        QCOMPARE(blocks[0].dump(), (json{{"type", "text"}, {"text", result.content}}).dump());
        QCOMPARE(blocks[1].at("text").get<std::string>(), std::string("Artifact chart.png (image/png):"));
        QCOMPARE(blocks[2].at("type").get<std::string>(), std::string("image"));
        QCOMPARE(blocks[2].at("source").at("media_type").get<std::string>(), std::string("image/png"));
        QCOMPARE(blocks[2].at("source").at("type").get<std::string>(), std::string("base64"));
        QVERIFY(decodeBase64(blocks[2].at("source").at("data").get<std::string>()) == kPng);

        // Without pictures the content stays one string, as before.
        const ToolResult plain = toolResultFor(call, runWithArtifacts({}));
        QVERIFY(provider.requestBody(requestWith(plain))
                    .at("messages")[2]
                    .at("content")[0]
                    .at("content")
                    .is_string());
    }

    void openAiGetsNamesOnly() {
        const ToolCall call{"call_1", "run_python", json{{"code", "..."}}, {}};
        const ToolResult result =
            toolResultFor(call, runWithArtifacts({artifact("chart.png", "image/png", kPng)}));
        ModelProvider provider(settingsOf(ProviderKind::OpenAiCompatible), chatCompletionsApi());
        const json message = provider.requestBody(requestWith(result)).at("messages")[2];
        QCOMPARE(message.at("role").get<std::string>(), std::string("tool"));
        QCOMPARE(message.at("content").get<std::string>(), result.content);
        QVERIFY(QByteArray::fromStdString(result.content).contains("chart.png"));
    }

    void transcriptKeepsImages() {
        const ToolCall call{"toolu_1", "run_python", json{{"code", "..."}}, {}};
        const ToolResult result =
            toolResultFor(call, runWithArtifacts({artifact("chart.png", "image/png", kPng)}));
        Transcript transcript;
        transcript.task = "plot it";
        transcript.messages = requestWith(result).messages;
        const Transcript again = Transcript::fromJson(json::parse(transcript.toJson().dump()));
        QVERIFY(again.messages.at(2).toolResults.at(0).images == result.images);

        json broken = transcript.toJson();
        broken["messages"][2]["results"][0]["images"][0]["base64"] = "not base64!";
        QVERIFY_THROWS_EXCEPTION(json::exception, Transcript::fromJson(broken));
    }
};

QTEST_GUILESS_MAIN(TestToolResultImages)
#include "tst_tool_result_images.moc"
