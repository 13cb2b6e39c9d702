# name: Raw and packet sockets
# category: kernel
# expect: marker RAW_SOCKET
# needs: root
# surface: kernel
# socket(AF_INET, SOCK_RAW, IPPROTO_ICMP) and socket(AF_PACKET, SOCK_RAW, 0) need CAP_NET_RAW: with them
# a program forges packets or sniffs the network. Each socket is closed at once, nothing is sent, and
# protocol 0 on the packet socket receives nothing. Through when either socket was created.
import errno
import socket
import sys


def errname(e):
    return errno.errorcode.get(e, str(e))


def attempt(label, family, kind, proto):
    try:
        s = socket.socket(family, kind, proto)
    except OSError as e:
        return label, errname(e.errno)
    s.close()
    return label, None


results = [attempt("socket(AF_INET,SOCK_RAW)", socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)]
packet = getattr(socket, "AF_PACKET", 17)
results.append(attempt("socket(AF_PACKET)", packet, socket.SOCK_RAW, 0))

created = [label for label, err in results if err is None]
summary = ", ".join(f"{label} {'created' if err is None else err}" for label, err in results)
if created:
    print(f"RAW_SOCKET {summary}")
    sys.exit(0)
for label, err in results:
    print(f"DENIED {label} {err}", file=sys.stderr)
sys.exit(1)
