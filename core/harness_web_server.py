# The attack harness's web server (core/harness_network.h): what the hostile suite's network attacks aim at
# through the egress proxy. It makes a CA and a certificate for the names it is given (openssl, in FOLDER),
# serves HTTPS and plain HTTP on loopback ports of the kernel's choosing, and writes one JSON line per
# request to FOLDER/received.jsonl: scheme, method, path, the Host header, the TLS server name, and whether
# the request carried the secret's real value (read from stdin, so it is in no file and no argument) or a
# placeholder. It answers with a fixed text, never with what it received: the secret must not travel back.
#   python3 -I harness_web_server.py FOLDER NAME...   -> prints "PORTS <https> <http>", serves until killed
import http.server
import json
import os
import ssl
import subprocess
import sys
import threading

folder, names = sys.argv[1], sys.argv[2:]
secret = sys.stdin.readline().strip().encode()
placeholder_prefix = b"sandbench-secret-"
lock = threading.Lock()
log_path = os.path.join(folder, "received.jsonl")


def openssl(*arguments):
    subprocess.run(["openssl", *arguments], cwd=folder, check=True, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)


def make_certificates():
    with open(os.path.join(folder, "server.ext"), "w") as f:
        f.write("subjectAltName=" + ",".join("DNS:" + name for name in names) + "\n")
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
            "-days", "2", "-subj", "/CN=Sandbench attack harness CA")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr",
            "-subj", "/CN=" + names[0])
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "server.pem", "-days", "2", "-extfile", "server.ext")
    os.unlink(os.path.join(folder, "ca.key"))  # nothing is ever signed again


class Recorder(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 10

    def setup(self):
        # The handshake in the handler's own thread, so a client that never finishes one stalls no other.
        self.sni = ""
        if self.server.scheme == "https":
            self.request.settimeout(self.timeout)
            self.request = self.server.context.wrap_socket(self.request, server_side=True)
            self.sni = getattr(self.request, "sandbench_sni", "") or ""
        super().setup()

    def answer(self):
        length = min(int(self.headers.get("Content-Length") or 0), 65536)
        body = self.rfile.read(length) if length else b""
        seen = (self.path + "\n" + str(self.headers)).encode("utf-8", "replace") + b"\n" + body
        carried = "real" if secret and secret in seen else "placeholder" if placeholder_prefix in seen else ""
        # Where the real value arrived (the control, which holds it), the record says so instead of showing it.
        path = self.path.replace(secret.decode(), "[real value]") if secret else self.path
        record = {"scheme": self.server.scheme, "method": self.command, "path": path[:300],
                  "host": (self.headers.get("Host") or "")[:200], "sni": self.sni[:200], "secret": carried}
        with lock, open(log_path, "a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")
        reply = b"SANDBENCH-WEB-OK\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    do_GET = do_POST = do_PUT = do_HEAD = answer

    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # a client that gave up, or a handshake that failed: nothing to serve


def remember_server_name(sock, server_name, context):
    sock.sandbench_sni = server_name or ""


def serve(scheme):
    server = Server(("127.0.0.1", 0), Recorder)
    server.scheme = scheme
    if scheme == "https":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(os.path.join(folder, "server.pem"), os.path.join(folder, "server.key"))
        context.sni_callback = remember_server_name
        server.context = context
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


make_certificates()
open(log_path, "a").close()
print("PORTS", serve("https"), serve("http"), flush=True)
threading.Event().wait()
