# name: Egress: a DNS query
# category: network
# expect: egress
# network: allow
# With an allow list the proxy resolves names; the sandbox needs no resolver and must reach none. A
# hand-built query for a name carrying the run's name, sent over UDP straight to the harness's canary DNS
# server on 127.0.0.1, never to a real resolver. The judge reads the canary's log, not this program.
import errno
import os
import socket
import struct
import sys

PORT = @DNS_PORT@
QNAME = "@RUN_NAME@.@ALLOWED_HOST@"


def denied(operation, e):
    name = "ETIMEDOUT" if isinstance(e, TimeoutError) else errno.errorcode.get(e.errno, str(e.errno))
    print(f"DENIED {operation} {name}", file=sys.stderr)
    sys.exit(1)


query_id = struct.unpack("!H", os.urandom(2))[0]
name = b"".join(bytes([len(label)]) + label.encode() for label in QNAME.split(".")) + b"\0"
query = struct.pack("!HHHHHH", query_id, 0x0100, 1, 0, 0, 0) + name + struct.pack("!HH", 1, 1)
try:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(2)
    s.connect(("127.0.0.1", PORT))
    s.send(query)
    reply = s.recv(4096)
except OSError as e:
    denied(f"dns(127.0.0.1:{PORT})", e)
if len(reply) < 12 or struct.unpack("!H", reply[:2])[0] != query_id:
    print(f"DENIED dns(127.0.0.1:{PORT}) EBADMSG", file=sys.stderr)
    sys.exit(1)
print("REACHED", "dns", QNAME)
