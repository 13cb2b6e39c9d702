# name: Reach service on [::1]
# category: network
# expect: marker IPV6_REACHED
# The harness's internal-service stand-in, on the IPv6 loopback: a tier that filters only IPv4
# (127.0.0.1) would let this through.
import errno
import socket
import sys

PORT = @SERVICE_PORT6@
if PORT == 0:
    print("the host has no IPv6 loopback (the harness gave port 0): nothing to reach", file=sys.stderr)
    print("DENIED connect([::1]:0) EADDRNOTAVAIL", file=sys.stderr)
    sys.exit(1)

try:
    s = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
except OSError as e:
    print(f"DENIED socket(AF_INET6) {errno.errorcode.get(e.errno, e.errno)}", file=sys.stderr)
    sys.exit(1)
s.settimeout(2)
try:
    s.connect(("::1", PORT))
except TimeoutError:
    print(f"DENIED connect([::1]:{PORT}) ETIMEDOUT", file=sys.stderr)
    sys.exit(1)
except OSError as e:
    print(f"DENIED connect([::1]:{PORT}) {errno.errorcode.get(e.errno, e.errno)}", file=sys.stderr)
    sys.exit(1)
print("IPV6_REACHED", f"[::1]:{PORT}")
s.close()
