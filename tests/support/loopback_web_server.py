# A loopback web server for the egress tests: HTTPS (a certificate the test made) and plain HTTP on ports
# of the kernel's choosing, both answering every request with what they received, as JSON, and appending
# it to a log the test reads (what a real server saw, whatever the client was shown).
#   python3 loopback_web_server.py CERT KEY LOG   -> prints "PORTS <https> <http>" and serves until killed
import http.server
import json
import ssl
import sys
import threading

cert, key, log = sys.argv[1:4]
lock = threading.Lock()


class Echo(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        seen = {
            "scheme": self.server.scheme,
            "method": self.command,
            "path": self.path,
            "headers": {k: v for k, v in self.headers.items()},
            "body": body.decode("utf-8", "replace"),
        }
        with lock, open(log, "a", encoding="utf-8") as f:
            f.write(json.dumps(seen) + "\n")
        reply = json.dumps(seen).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    do_GET = do_POST = do_PUT = do_HEAD = answer

    def log_message(self, *args):
        pass


def serve(scheme):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    server.scheme = scheme
    if scheme == "https":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


print("PORTS", serve("https"), serve("http"), flush=True)
threading.Event().wait()
