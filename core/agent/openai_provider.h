#pragma once

#include "model_api.h"

namespace sandbench::agent {

// OpenAI's Chat Completions API and the servers that speak it (Ollama, llama.cpp's server, vLLM, hosted
// providers): POST <baseUrl>/chat/completions with "Authorization: Bearer <key>" when a key is set, the tools
// as `tools` of type "function", tool calls as the assistant message's `tool_calls` and their answers as
// "tool" messages with tool_call_id. Streams server-sent events of chat.completion.chunk objects (deltas
// of content and of tool_calls by index, ending with "data: [DONE]") when settings.stream is set.
const ModelApi& chatCompletionsApi();

} // namespace sandbench::agent
