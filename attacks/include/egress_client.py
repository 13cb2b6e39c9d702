# A small HTTP(S) client for the `network: allow` attacks, raw enough to say exactly which name goes where:
# the CONNECT (or plain HTTP request) to the proxy, the TLS server name, the Host header. Through the egress
# proxy named by HTTPS_PROXY/HTTP_PROXY when the tier sets one; without one (the control, which has no
# proxy), straight to 127.0.0.1, where every name of the harness's little network lives. Never anywhere
# else. TLS certificates are not checked: the attacks want to get through, not to trust.
import base64
import errno
import os
import socket
import ssl
import sys


def denied(operation, e):
    if isinstance(e, TimeoutError):
        name = "ETIMEDOUT"
    elif isinstance(e, ssl.SSLError):
        name = "EPROTO"
    else:
        name = errno.errorcode.get(getattr(e, "errno", None) or 0, "EIO")
    print(f"{type(e).__name__}: {e}", file=sys.stderr)
    print(f"DENIED {operation} {name}", file=sys.stderr)
    sys.exit(1)


def proxy_address(scheme):
    """(host, port, Proxy-Authorization header line or "") of the tier's proxy, or None."""
    url = os.environ.get("HTTPS_PROXY" if scheme == "https" else "HTTP_PROXY") or ""
    if not url.startswith("http://"):
        return None
    # The run's proxy credentials are in its URL (http://user:password@127.0.0.1:3128): the proxy serves
    # no client without them.
    credentials, _, address = url[len("http://"):].rstrip("/").rpartition("@")
    host, _, port = address.rpartition(":")
    authorization = ""
    if credentials:
        token = base64.b64encode(credentials.encode()).decode()
        authorization = f"Proxy-Authorization: Basic {token}\r\n"
    return host, int(port), authorization


def read_reply(sock):
    reply = b""
    while b"\r\n\r\n" not in reply and len(reply) < 65536:
        chunk = sock.recv(4096)
        if not chunk:
            break
        reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    status_line = head.split(b"\r\n", 1)[0].decode("latin-1")
    parts = status_line.split()
    status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    try:
        while len(body) < 65536:
            chunk = sock.recv(4096)
            if not chunk:
                break
            body += chunk
    except OSError:
        pass
    return status, status_line, body


def fetch(scheme, host, port, path, headers=None, tls_name=None, host_header=None, body=b"",
          method="GET", timeout=10, direct=False):
    """One request; returns (status, status line, body). Raises OSError (ssl.SSLError included).
    `direct`: straight to 127.0.0.1, past any proxy."""
    proxy = None if direct else proxy_address(scheme)
    authority = f"{host}:{port}"
    sock = socket.create_connection(proxy[:2] if proxy else ("127.0.0.1", port), timeout=timeout)
    try:
        target = path
        if proxy and scheme == "https":
            sock.sendall(f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n{proxy[2]}\r\n".encode())
            status, line, _ = read_connect_reply(sock)
            if status != 200:
                raise ConnectionRefusedError(errno.ECONNREFUSED, f"the proxy answered CONNECT with {line!r}")
        elif proxy:
            target = f"http://{authority}{path}"
        if scheme == "https":
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
            sock = context.wrap_socket(sock, server_hostname=tls_name or host)
        lines = [f"{method} {target} HTTP/1.1", f"Host: {host_header or authority}", "Connection: close",
                 f"Content-Length: {len(body)}"]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if proxy and scheme != "https" and proxy[2]:
            lines.append(proxy[2].rstrip("\r\n"))
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        return read_reply(sock)
    finally:
        sock.close()


def read_connect_reply(sock):
    # Only the head: after a 200 the same socket carries the tunnel.
    reply = b""
    while b"\r\n\r\n" not in reply and len(reply) < 16384:
        chunk = sock.recv(1)
        if not chunk:
            break
        reply += chunk
    line = reply.split(b"\r\n", 1)[0].decode("latin-1")
    parts = line.split()
    return (int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0), line, b""


def attempt(operation, scheme, host, port, path, **options):
    """fetch(), with a refusal reported the suite's way (DENIED line, exit 1); prints REACHED on a 200."""
    try:
        status, line, _ = fetch(scheme, host, port, path, **options)
    except OSError as e:
        denied(operation, e)
    if status != 200:
        print(f"the answer was {line!r}", file=sys.stderr)
        print(f"DENIED {operation} EACCES", file=sys.stderr)
        sys.exit(1)
    print("REACHED", operation, line)
