# A client for the egress tests that speaks to a proxy byte by byte, so a test can send what an ordinary
# client would not: a TLS SNI or Host header that differs from the CONNECT, an IP literal, a secret's
# placeholder in a URL. Prints one JSON line: {"connect": <status or null>, "status": <status>, "body": ...}
# or {"error": "..."}.
#   python3 egress_client.py PROXY_PORT CA_FILE METHOD URL [--sni NAME] [--host NAME] [--header "K: V"]...
#                            [--body TEXT] [--proxy-auth USER:PASSWORD]
import base64
import json
import socket
import ssl
import sys
import urllib.parse


def read_head(stream):
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = stream.recv(1)
        if not chunk:
            break
        head += chunk
    return head


def read_response(stream):
    head = read_head(stream)
    if not head:
        raise ConnectionError("no response")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        if line.lower().startswith("content-length:"):
            length = int(line.split(":", 1)[1])
    body = b""
    while len(body) < length:
        chunk = stream.recv(length - len(body))
        if not chunk:
            break
        body += chunk
    return status, body.decode("utf-8", "replace")


def main():
    port, ca, method, url = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    options = sys.argv[5:]
    sni = host_header = proxy_auth = None
    headers, body = [], ""
    while options:
        flag, value = options[0], options[1]
        options = options[2:]
        if flag == "--sni":
            sni = value
        elif flag == "--host":
            host_header = value
        elif flag == "--header":
            headers.append(value)
        elif flag == "--body":
            body = value
        elif flag == "--proxy-auth" and value:
            proxy_auth = "Proxy-Authorization: Basic " + base64.b64encode(value.encode()).decode() + "\r\n"
    proxy_auth = proxy_auth or ""
    parts = urllib.parse.urlsplit(url)
    target_port = parts.port or (443 if parts.scheme == "https" else 80)
    authority = f"{parts.hostname}:{target_port}"
    host_header = host_header or authority
    result = {"connect": None}
    stream = socket.create_connection(("127.0.0.1", port), timeout=15)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    if parts.scheme == "https":
        stream.sendall(f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n{proxy_auth}\r\n".encode())
        status, text = read_response(stream)
        result["connect"] = status
        if status != 200:
            result.update(status=status, body=text)
            return result
        context = ssl.create_default_context(cafile=ca)
        context.check_hostname = sni is None
        stream = context.wrap_socket(stream, server_hostname=sni or parts.hostname)
        target = path
    else:
        target = url
    request = f"{method} {target} HTTP/1.1\r\nHost: {host_header}\r\nConnection: close\r\n"
    if parts.scheme != "https":
        request += proxy_auth
    for header in headers:
        request += header + "\r\n"
    request += f"Content-Length: {len(body.encode())}\r\n\r\n{body}"
    stream.sendall(request.encode())
    status, text = read_response(stream)
    result.update(status=status, body=text)
    return result


try:
    print(json.dumps(main()))
except Exception as error:  # the test reads refusals as data
    print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
