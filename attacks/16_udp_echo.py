# name: UDP to loopback echo
# category: network
# expect: marker UDP_ECHOED
# A datagram to the harness's UDP echo service on 127.0.0.1: ALLOWED only when its "ECHO ..." reply
# comes back within 2 s.
import errno
import socket
import sys

PORT = @UDP_PORT@
PAYLOAD = b"sandbench-@RUN_NAME@"


def denied(operation, e):
    name = "ETIMEDOUT" if isinstance(e, TimeoutError) else errno.errorcode.get(e.errno, str(e.errno))
    print(f"DENIED {operation} {name}", file=sys.stderr)
    sys.exit(1)


try:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
except OSError as e:
    denied("socket(AF_INET,SOCK_DGRAM)", e)
s.settimeout(2)
try:
    s.connect(("127.0.0.1", PORT))  # connected, so an ICMP "port unreachable" comes back as ECONNREFUSED
    s.send(PAYLOAD)
except OSError as e:
    denied(f"send(127.0.0.1:{PORT}/udp)", e)
try:
    reply = s.recv(2048)
except OSError as e:
    denied(f"recv(127.0.0.1:{PORT}/udp)", e)
s.close()
if reply != b"ECHO " + PAYLOAD:
    print(f"got {reply!r}, not the echo service's reply", file=sys.stderr)
    print(f"DENIED recv(127.0.0.1:{PORT}/udp) EBADMSG", file=sys.stderr)
    sys.exit(1)
print("UDP_ECHOED", reply.decode("ascii", "replace"))
