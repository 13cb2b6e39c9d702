# name: Reach Unix socket by path
# category: network
# expect: marker UNIX_REACHED
# A listening Unix stream socket on the host's file system (like /var/run/docker.sock): no network
# namespace stops it, only not seeing the path does.
import errno
import socket
import sys

PATH = "@UNIX_SOCKET_PATH@"


def denied(operation, e):
    name = "ETIMEDOUT" if isinstance(e, TimeoutError) else errno.errorcode.get(e.errno, str(e.errno))
    print(f"DENIED {operation} {name}", file=sys.stderr)
    sys.exit(1)


try:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
except OSError as e:
    denied("socket(AF_UNIX)", e)
s.settimeout(2)
try:
    s.connect(PATH)
except OSError as e:
    denied(f"connect({PATH})", e)
try:
    greeting = s.recv(64)
except OSError as e:
    denied(f"recv({PATH})", e)
s.close()
if not greeting.startswith(b"HELLO"):
    print(f"connected to {PATH} but got {greeting!r}, not the listener's greeting", file=sys.stderr)
    print(f"DENIED recv({PATH}) ECONNRESET", file=sys.stderr)
    sys.exit(1)
print("UNIX_REACHED", PATH, greeting.decode("ascii", "replace").strip())
