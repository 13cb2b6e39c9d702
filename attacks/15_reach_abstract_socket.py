# name: Reach abstract Unix socket
# category: network
# expect: marker ABSTRACT_REACHED
# An abstract Unix socket has no file: a read-only or private file tree does not hide it, only another
# network namespace (or Landlock's abstract-socket scope) does.
import errno
import socket
import sys

NAME = "@ABSTRACT_SOCKET_NAME@"
ADDRESS = "\0" + NAME


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
    s.connect(ADDRESS)
except OSError as e:
    denied(f"connect(@{NAME})", e)
try:
    greeting = s.recv(64)
except OSError as e:
    denied(f"recv(@{NAME})", e)
s.close()
if not greeting.startswith(b"HELLO"):
    print(f"connected to @{NAME} but got {greeting!r}, not the listener's greeting", file=sys.stderr)
    print(f"DENIED recv(@{NAME}) ECONNRESET", file=sys.stderr)
    sys.exit(1)
print("ABSTRACT_REACHED", "@" + NAME, greeting.decode("ascii", "replace").strip())
