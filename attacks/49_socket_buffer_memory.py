# name: Socket buffer memory (400 MB)
# category: resources
# expect: marker QUEUED
# runs: alone
# protection: socket-memory
# Kernel memory instead of address space: 400 MB written into socket buffers that nobody reads, first over
# loopback TCP (where the sandbox has a loopback), then in Unix socket pairs, while the program's own
# memory stays a few MB, so RLIMIT_AS never sees it. ALLOWED when 400 MB are queued at once. Only a memory
# bound that counts socket buffers stops it: cgroup v2's memory.max, or on cgroup v1 the memory limit (Unix
# buffers are kmem there) plus memory.kmem.tcp.limit_in_bytes for TCP, which neither Docker nor Podman sets.
# Bounded: at most 420 MB, every socket non-blocking, all closed (and the memory freed) before it exits.
import errno
import os
import socket
import sys

TARGET = 400 << 20
CAP = 420 << 20
CHUNK = b"q" * 65536
MAX_PAIRS = 120  # each pair is two descriptors: the sandbox's RLIMIT_NOFILE bounds them too
BUFFER = 4 << 20  # asked for; the kernel caps it at net.core.[rw]mem_max and doubles it


def fill(sender, budget):
    """Writes into `sender` until its buffers are full or `budget` is spent; returns the bytes queued."""
    sender.setblocking(False)
    queued = 0
    while queued < budget:
        try:
            queued += sender.send(CHUNK[: min(len(CHUNK), budget - queued)])
        except (BlockingIOError, InterruptedError):
            break
    return queued


def tcp_pair(listener):
    client = socket.create_connection(listener.getsockname(), timeout=2)
    server, _ = listener.accept()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, BUFFER)  # the receiver's queue holds data too
    return client, server


def unix_pair():
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, BUFFER)
    return a, b


def main():
    sockets = []
    totals = {"TCP": 0, "Unix": 0}
    refusals = []
    try:
        listener = None
        try:
            listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            listener.bind(("127.0.0.1", 0))
            listener.listen(MAX_PAIRS)
            listener.settimeout(2)
            sockets.append(listener)
        except OSError as e:
            refusals.append(f"loopback TCP {errno.errorcode.get(e.errno, e.errno)}")
            listener = None
        for kind, make in (("TCP", lambda: tcp_pair(listener)), ("Unix", unix_pair)):
            if kind == "TCP" and listener is None:
                continue
            for _ in range(MAX_PAIRS):
                total = sum(totals.values())
                if total >= TARGET:
                    break
                try:
                    sender, receiver = make()
                except OSError as e:  # no route (no loopback), EMFILE, ENOBUFS...
                    refusals.append(f"{kind} socket {errno.errorcode.get(e.errno, e.errno)}")
                    break
                sockets += [sender, receiver]
                added = fill(sender, min(CAP - total, TARGET - total + len(CHUNK)))
                totals[kind] += added
                if added < len(CHUNK):  # a new pair takes (almost) nothing more: a limit holds
                    refusals.append(f"{kind} buffers full")
                    break
        rss_kb = 0
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    rss_kb = int(line.split()[1])
        total = sum(totals.values())
        summary = (f"{total >> 20} MB in socket buffers ({totals['TCP'] >> 20} MB TCP, {totals['Unix'] >> 20} MB "
                   f"Unix, {len(sockets)} sockets) with {rss_kb >> 10} MB RSS")
        if total >= TARGET:
            print("QUEUED", summary, flush=True)
            return 0
        print(f"only {summary}; " + ", ".join(refusals), file=sys.stderr)
        print(f"DENIED queue({total >> 20}MB_in_socket_buffers) ENOBUFS", file=sys.stderr)
        return 1
    finally:
        for s in sockets:
            s.close()


sys.exit(main())
