#!/usr/bin/env python3
"""A model for the screenshots: an OpenAI-compatible chat completions server on loopback whose replies are
a fixed script, so scripts/screenshots.sh can show a chat with a follow-up question without an API key or
network. It speaks the streamed protocol Sandbench's client reads (Server-Sent Events of
chat.completion.chunk objects, https://platform.openai.com/docs/api-reference/chat-streaming): the first
user message gets a run_python call, then an answer; the follow-up gets another call, then its answer.
Prints its base URL on the first line of stdout; ends when stdin closes or on SIGTERM."""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SQUARES = "squares = [n * n for n in range(1, 1001)]\nprint(sum(squares) / len(squares))\n"
CUBES = "cubes = [n ** 3 for n in range(1, 1001)]\nprint(sum(cubes) / len(cubes))\n"


def reply_for(messages):
    """What the model says next: decided by how many questions and tool results the request holds."""
    questions = sum(1 for m in messages if m.get("role") == "user")
    results = sum(1 for m in messages if m.get("role") == "tool")
    if results < questions:  # the newest question has no program yet
        code, text = (SQUARES, "I'll compute the mean of the first 1,000 squares.") if questions == 1 else (
            CUBES, "Same program, with cubes.")
        return text, {"id": f"call_{questions}", "code": code}
    last = next(m for m in reversed(messages) if m.get("role") == "tool")
    try:  # Sandbench sends the run's result as a JSON object; its stdout holds the program's answer
        value = json.loads(last.get("content", "")).get("stdout", "").strip()
    except (ValueError, AttributeError):
        value = str(last.get("content", "")).strip()
    what = "squares" if questions == 1 else "cubes"
    return f"The mean of the first 1,000 {what} is {value or '?'}.", None


def chunk(delta, finish=None):
    body = {"id": "chatcmpl-screenshots", "object": "chat.completion.chunk", "model": "scripted",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return ("data: " + json.dumps(body) + "\n\n").encode()


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        if not self.path.endswith("/chat/completions"):
            self.send_error(404)
            return
        request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        text, call = reply_for(request.get("messages", []))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        self.wfile.write(chunk({"role": "assistant", "content": text}))
        if call:
            arguments = json.dumps({"code": call["code"]})
            self.wfile.write(chunk({"tool_calls": [{"index": 0, "id": call["id"], "type": "function",
                                                    "function": {"name": "run_python",
                                                                 "arguments": arguments}}]}))
        self.wfile.write(chunk({}, "tool_calls" if call else "stop"))
        self.wfile.write(b"data: [DONE]\n\n")

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"http://127.0.0.1:{server.server_port}/v1", flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()  # the script that started it holds stdin open for as long as it needs the server
server.shutdown()
