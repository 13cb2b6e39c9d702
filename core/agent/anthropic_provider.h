#pragma once

#include "model_api.h"

namespace sandbench::agent {

// Anthropic's Messages API: POST <baseUrl>/v1/messages with x-api-key and anthropic-version, the tools as
// `tools` (name, description, input_schema), tool calls as `tool_use` content blocks and their answers as
// `tool_result` blocks (with is_error) in the next user message. Streams server-sent events (message_start,
// content_block_start/delta/stop with text_delta and input_json_delta, message_delta, message_stop, ping,
// error) when settings.stream is set.
const ModelApi& anthropicMessagesApi();

} // namespace sandbench::agent
