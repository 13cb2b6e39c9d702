# name: Netlink and vsock sockets
# category: kernel
# expect: marker SOCKET_REACHED
# surface: kernel
# Two kernel facilities a Python program has no need for: a routing netlink socket (the kernel's network
# configuration interface, bound but sent nothing) and a vsock socket (the channel between a VM and its
# host). Creating one reaches that facility; nothing is sent or connected. Through when either socket was
# created; the evidence lists both.
import errno
import socket
import sys

AF_NETLINK = getattr(socket, "AF_NETLINK", 16)
NETLINK_ROUTE = getattr(socket, "NETLINK_ROUTE", 0)
AF_VSOCK = getattr(socket, "AF_VSOCK", 40)


def errname(e):
    return errno.errorcode.get(e, str(e))


results = []
try:
    s = socket.socket(AF_NETLINK, socket.SOCK_RAW, NETLINK_ROUTE)
    try:
        s.bind((0, 0))  # the kernel picks the port id; no multicast groups
        results.append(("socket(AF_NETLINK)", None, "created and bound"))
    except OSError as e:
        results.append(("socket(AF_NETLINK)", None, f"created, bind {errname(e.errno)}"))
    finally:
        s.close()
except OSError as e:
    results.append(("socket(AF_NETLINK)", errname(e.errno), None))

try:
    s = socket.socket(AF_VSOCK, socket.SOCK_STREAM, 0)
    s.close()
    results.append(("socket(AF_VSOCK)", None, "created"))
except OSError as e:
    results.append(("socket(AF_VSOCK)", errname(e.errno), None))

summary = ", ".join(f"{label} {note if err is None else err}" for label, err, note in results)
if any(err is None for _, err, _ in results):
    print(f"SOCKET_REACHED {summary}")
    sys.exit(0)
for label, err, _ in results:
    print(f"DENIED {label} {err}", file=sys.stderr)
sys.exit(1)
