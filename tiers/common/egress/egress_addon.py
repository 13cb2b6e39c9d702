# Sandbench's egress rules, as a mitmproxy addon: mitmdump runs it for one sandbox's run and is gone after.
#
# The sandbox has no route anywhere; its only way out is this proxy, which
#  - serves only the client holding this run's proxy credentials (in the sandbox's proxy URL): the proxy
#    listens on the host's loopback, where every local process, another run's program with the whole
#    network among them, could otherwise use the allow list and have the secrets put in;
#  - resolves names itself (the run's hosts map first, then the host's resolver) and connects only to
#    names and ports on the allow list, never to an IP literal unless allow_ips lists it, never to a
#    loopback, private or link-local address a public name resolved to (DNS rebinding onto the host);
#  - terminates TLS with the run's own CA (only this sandbox trusts it) so it can see each request, and
#    checks that the TLS SNI and the Host header name the host the CONNECT asked for;
#  - swaps each secret's placeholder for its real value in the secret's header, for the secret's hosts
#    only; a placeholder sent anywhere else is refused as an exfiltration attempt; the real value is
#    scrubbed from responses, so it never comes back into the sandbox;
#  - writes one JSON line per decision to the events file, which Sandbench reads as the run's evidence.
#
# Its settings come from a JSON file that holds the secrets' values: it is read once and unlinked.
import asyncio
import base64
import hmac
import ipaddress
import json
import os
import socket
import threading

from mitmproxy import ctx, http


def _ip(text):
    try:
        return ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None


class EgressRules:
    def __init__(self):
        self.authorization = None  # the Proxy-Authorization value this run's client sends
        self.allow = []  # (host pattern, port or None)
        self.allow_ips = []
        self.hosts = {}
        self.secrets = []
        self.events = None
        self.lock = threading.Lock()
        self.refused_connections = set()  # reasons already written down, not repeated as errors
        self.tunnels = {}  # client connection id -> (host, port) its CONNECT was allowed to

    def load(self, loader):
        loader.add_option("sandbench_config", str, "", "Sandbench's run settings (JSON, unlinked once read)")

    def configure(self, updated):
        if "sandbench_config" not in updated or not ctx.options.sandbench_config:
            return
        path = ctx.options.sandbench_config
        with open(path, encoding="utf-8") as f:
            config = json.load(f)
        os.unlink(path)
        self.authorization = "Basic " + base64.b64encode(config["credentials"].encode()).decode()
        for entry in config.get("allow", []):
            self.allow.append((entry["host"].lower(), entry.get("port")))
        self.allow_ips = [ipaddress.ip_network(n, strict=False) for n in config.get("allow_ips", [])]
        self.hosts = {k.lower(): v for k, v in config.get("hosts", {}).items()}
        self.secrets = config.get("secrets", [])
        self.events = open(config["events"], "a", encoding="utf-8", buffering=1)

    async def running(self):
        # Sandbench waits for this line: the port mitmproxy chose (it listens on port 0).
        server = ctx.master.addons.get("proxyserver")
        for _ in range(500):
            for instance in server.running_servers:
                for sock in instance.sockets:
                    self.events.write(json.dumps({"decision": "ready", "port": sock.getsockname()[1]}) + "\n")
                    return
            await asyncio.sleep(0.01)

    # --- evidence -------------------------------------------------------------------------------------
    @staticmethod
    def clean(text, most=300):
        # Targets, Host headers and SNIs are the program's words: printable ASCII only, bounded, before
        # they reach a terminal, a report or a log.
        text = "".join(c if " " <= c <= "~" else "\\x%02x" % (ord(c) & 0xFF) for c in str(text))
        return text if len(text) <= most else text[:most] + "..."

    def record(self, decision, method, target, reason=""):
        line = json.dumps({"decision": decision, "method": self.clean(method, 20), "target": self.clean(target),
                           "reason": self.clean(reason)})
        with self.lock:
            self.events.write(line + "\n")

    # --- the allow list -------------------------------------------------------------------------------
    def ip_allowed(self, address):
        return any(address in network for network in self.allow_ips)

    def refusal(self, host, port):
        """Why host:port may not be reached, or None when it may."""
        host = host.lower().rstrip(".")
        address = _ip(host)
        if address is not None:
            return None if self.ip_allowed(address) else "IP literal"
        named = False
        for pattern, allowed_port in self.allow:
            if pattern.startswith("*.") and host.endswith(pattern[1:]) and host != pattern[2:]:
                matched = True
            else:
                matched = host == pattern
            if matched:
                named = True
                if allowed_port is None and port in (80, 443) or allowed_port == port:
                    return None
        return "port not allowed" if named else "not in allow list"

    def resolve(self, host, port):
        """The address to connect to for an allowed name, or (None, why)."""
        host = host.lower().rstrip(".")
        literal = _ip(host)
        if literal is not None:
            return str(literal), None
        if host in self.hosts:
            return self.hosts[host], None
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except OSError as e:
            return None, f"cannot resolve {host}: {e}"
        for info in infos:
            address = ipaddress.ip_address(info[4][0])
            if address.is_global or self.ip_allowed(address):
                return str(address), None
        return None, f"{host} resolves only to non-public addresses"

    # --- secrets --------------------------------------------------------------------------------------
    def leaks(self, flow, host):
        """Names of the secrets whose placeholder this request carries to a host not listed for them."""
        request = flow.request
        found = []
        for secret in self.secrets:
            placeholder = secret["placeholder"]
            if any(self._host_matches(host, h) for h in secret["hosts"]):
                continue
            haystacks = [request.url, request.get_content(strict=False) or b""]
            haystacks += [f"{k}: {v}" for k, v in request.headers.items(multi=True)]
            for hay in haystacks:
                if (placeholder.encode() in hay) if isinstance(hay, bytes) else (placeholder in hay):
                    found.append(secret["name"])
                    break
        return found

    @staticmethod
    def _host_matches(host, pattern):
        pattern = pattern.lower()
        if pattern.startswith("*."):
            return host.endswith(pattern[1:]) and host != pattern[2:]
        return host == pattern

    def substitute(self, flow, host):
        for secret in self.secrets:
            if not any(self._host_matches(host, h) for h in secret["hosts"]):
                continue
            header = secret["header"]
            values = flow.request.headers.get_all(header)
            if any(secret["placeholder"] in v for v in values):
                flow.request.headers.set_all(header, [v.replace(secret["placeholder"], secret["value"]) for v in values])
                self.record("substituted", flow.request.method, host, f"secret {secret['name']} in {header}")

    @staticmethod
    def refuse(flow, text):
        flow.metadata["sandbench_refused"] = True
        flow.response = http.Response.make(403, text)

    def authorized(self, flow, method, target):
        """True for this run's client; else answers 407 and writes it down. The header never goes on."""
        given = flow.request.headers.get("Proxy-Authorization", "")
        flow.request.headers.pop("Proxy-Authorization", None)
        if self.authorization and hmac.compare_digest(given.encode(), self.authorization.encode()):
            return True
        self.record("denied", method, target, "without this run's proxy credentials")
        flow.metadata["sandbench_refused"] = True
        flow.response = http.Response.make(407, "Sandbench: proxy credentials required\n",
                                           {"Proxy-Authenticate": 'Basic realm="sandbench"'})
        return False

    # --- mitmproxy's hooks ----------------------------------------------------------------------------
    def http_connect(self, flow: http.HTTPFlow):
        host, port = flow.request.host, flow.request.port
        target = f"{host}:{port}"
        if not self.authorized(flow, "CONNECT", target):
            return
        why = self.refusal(host, port)
        if why:
            self.record("denied", "CONNECT", target, why)
            self.refuse(flow, f"Sandbench: CONNECT {target} denied ({why})\n")
            return
        self.tunnels[flow.client_conn.id] = (host.lower().rstrip("."), port, True)
        self.record("allowed", "CONNECT", target)

    def tls_clienthello(self, data):
        asked = data.context.server.address
        sni = data.client_hello.sni
        if asked and sni and sni.lower().rstrip(".") != str(asked[0]).lower().rstrip("."):
            self.record("denied", "TLS", f"{asked[0]}:{asked[1]}", f"SNI {sni} differs from the CONNECT")
            # Nothing more goes through this tunnel: its requests are refused below.
            tunnel = self.tunnels.get(data.context.client.id)
            if tunnel:
                self.tunnels[data.context.client.id] = (tunnel[0], tunnel[1], False)
            data.context.client.error = "SNI differs from the CONNECT"

    def request(self, flow: http.HTTPFlow):
        request = flow.request
        if request.method == "CONNECT":
            return
        # Inside a tunnel the request goes where the CONNECT was allowed to (mitmproxy's request.host is then
        # the address this addon resolved); a plain HTTP request names its target in its absolute URL.
        tunnel = self.tunnels.get(flow.client_conn.id)
        host, port = tunnel[:2] if tunnel else (request.host.lower().rstrip("."), request.port)
        shown = f"{request.scheme}://{host}:{port}{request.path}"
        # A request in a tunnel came in on the connection whose CONNECT showed the credentials.
        if not tunnel and not self.authorized(flow, request.method, shown):
            return
        request.headers.pop("Proxy-Authorization", None)
        if tunnel and not tunnel[2]:
            self.record("denied", request.method, shown, "its tunnel's SNI differed from the CONNECT")
            self.refuse(flow, "Sandbench: this tunnel was refused\n")
            return
        # Inside a CONNECT the Host header must name the host the tunnel was opened to; in plain HTTP the
        # absolute URL and the Host header must agree.
        header_host = (request.host_header or "").lower().rsplit(":", 1)[0].strip("[]").rstrip(".")
        if header_host and header_host != host:
            self.record("denied", request.method, shown, f"Host header {request.host_header} differs")
            self.refuse(flow, "Sandbench: Host header differs from the target\n")
            return
        why = self.refusal(host, port)
        if why:
            self.record("denied", request.method, shown, why)
            self.refuse(flow, f"Sandbench: {request.method} {shown} denied ({why})\n")
            return
        leaked = self.leaks(flow, host)
        if leaked:
            for name in leaked:
                self.record("refused", request.method, shown, f"secret placeholder {name} sent to {host}")
            self.refuse(flow, "Sandbench: a secret's placeholder may not go to this host\n")
            return
        self.substitute(flow, host)
        flow.metadata["sandbench_shown"] = shown

    def server_connect(self, data):
        host, port = data.server.address
        address, why = self.resolve(str(host), port)
        if address is None:
            self.record("denied", "connect", f"{host}:{port}", why)
            self.refused_connections.add(why)
            data.server.error = why
            return
        if data.server.sni is None and _ip(str(host)) is None:
            data.server.sni = str(host)
        data.server.address = (address, port)

    def response(self, flow: http.HTTPFlow):
        if flow.metadata.get("sandbench_refused"):
            return
        if flow.request.scheme == "http" and flow.client_conn.id not in self.tunnels:
            # Plain HTTP is written down once it got through: a connection the resolver refused was already.
            self.record("allowed", flow.request.method, flow.metadata.get("sandbench_shown", flow.request.url))
        # A server that echoes the real value (in a header or the body) must not hand it to the sandbox.
        for secret in self.secrets:
            value = secret["value"]
            if not value:
                continue
            for k, v in list(flow.response.headers.items(multi=True)):
                if value in v:
                    flow.response.headers[k] = v.replace(value, secret["placeholder"])
            content = flow.response.get_content(strict=False)
            if content and value.encode() in content:
                flow.response.set_content(content.replace(value.encode(), secret["placeholder"].encode()))

    def client_disconnected(self, client):
        self.tunnels.pop(client.id, None)

    def error(self, flow: http.HTTPFlow):
        if flow.error and not any(why in str(flow.error) for why in self.refused_connections):
            self.record("error", flow.request.method, flow.request.pretty_url, str(flow.error))


addons = [EgressRules()]
