# The gVisor tier's way out for a run with an allow list, run inside the sandbox as
#   python3 -I -c <this file> PORT SOCKET INTERPRETER [ARGUMENT...]
# It listens on 127.0.0.1:PORT (the Sentry's own loopback, where HTTP_PROXY points), forks a forwarder that
# relays every connection to the Unix socket SOCKET (the host's socket bound into the sandbox, which
# Sandbench relays to the egress proxy), then becomes the program's interpreter, which reads the program
# from stdin as on every other run. The listener is bound before the program starts, so no program can
# take the port first.
#
# The forwarder runs as the program's own user, so the program can kill it, replace it or connect to
# SOCKET itself. That is fine: the socket leads only to the proxy, which enforces the allow list and the
# secret rules whoever connects; the forwarder holds nothing (no key, no route) the program lacks. One
# process, one thread, at most MOST_CONNECTIONS at once (more are closed at once): it spends none of the
# program's process allowance (the tier adds one for it) and grows no further than that.
import os
import select
import signal
import socket
import sys

MOST_CONNECTIONS = 64
BUFFER_BYTES = 256 * 1024
READABLE = select.POLLIN | select.POLLHUP | select.POLLERR


class Direction:
    """One way of a connection: what was read from `source` and not yet written to `target`."""

    def __init__(self, source, target):
        self.source, self.target = source, target
        self.pending = bytearray()
        self.ended = False  # the source reached end-of-file (or failed)
        self.shut = False  # ...and that was passed on

    def wants_to_read(self):
        return not self.ended and len(self.pending) < BUFFER_BYTES

    def pump(self, readable, writable):
        """Reads what fits, writes what can go; an OSError means the connection failed."""
        if readable and self.wants_to_read():
            try:
                data = self.source.recv(min(65536, BUFFER_BYTES - len(self.pending)))
            except (BlockingIOError, InterruptedError):
                data = None
            except OSError:
                data = b""
            if data == b"":
                self.ended = True
            elif data:
                self.pending += data
        if writable and self.pending:
            try:
                del self.pending[: self.target.send(self.pending)]
            except (BlockingIOError, InterruptedError):
                pass
        if self.ended and not self.pending and not self.shut:
            self.shut = True
            try:
                self.target.shutdown(socket.SHUT_WR)
            except OSError:
                pass

    def drop(self):
        """The target hung up both ways: what would go to it is moot."""
        self.pending.clear()
        self.ended = self.shut = True


class Link:
    def __init__(self, inside, outside):
        self.inside, self.outside = inside, outside
        self.out = Direction(inside, outside)
        self.back = Direction(outside, inside)
        self.gone = set()  # sockets that hung up both ways: not polled again

    def interest(self, sock):
        if sock in self.gone:
            return 0
        reading, writing = (self.out, self.back) if sock is self.inside else (self.back, self.out)
        return (select.POLLIN if reading.wants_to_read() else 0) | (select.POLLOUT if writing.pending else 0)

    def serve(self, events):
        """Moves bytes for the poll `events` (fd -> mask); False once the link is done."""
        inside = events.get(self.inside.fileno(), 0)
        outside = events.get(self.outside.fileno(), 0)
        try:
            self.out.pump(bool(inside & READABLE), bool(outside & select.POLLOUT))
            self.back.pump(bool(outside & READABLE), bool(inside & select.POLLOUT))
        except OSError:
            return False
        if (inside | outside) & select.POLLERR:
            return False
        # A side that hung up once its data was read: what goes to it is moot, what came from it still goes.
        if inside & select.POLLHUP and self.out.ended:
            self.gone.add(self.inside)
            self.back.drop()
        if outside & select.POLLHUP and self.back.ended:
            self.gone.add(self.outside)
            self.out.drop()
        return not (self.out.shut and self.back.shut)

    def close(self):
        self.inside.close()
        self.outside.close()


def forward(listener, path):
    listener.setblocking(False)
    links = []
    while True:
        poller = select.poll()
        poller.register(listener, select.POLLIN)
        for link in links:
            for sock in (link.inside, link.outside):
                wanted = link.interest(sock)
                if wanted:
                    poller.register(sock, wanted)
        events = dict(poller.poll())
        if events.get(listener.fileno(), 0) & select.POLLIN:
            try:
                accepted, _ = listener.accept()
            except OSError:
                accepted = None
            if accepted is not None and len(links) < MOST_CONNECTIONS:
                outside = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    outside.connect(path)
                except OSError:
                    outside.close()
                    accepted.close()  # the program sees a reset connection
                else:
                    accepted.setblocking(False)
                    outside.setblocking(False)
                    links.append(Link(accepted, outside))
            elif accepted is not None:
                accepted.close()
        still = []
        for link in links:
            if link.serve(events):
                still.append(link)
            else:
                link.close()
        links = still


def main():
    port, path, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", port))
    listener.listen(64)
    if os.fork() == 0:
        try:
            # Nothing of the program's: not its code on stdin, not its output.
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            forward(listener, path)
        finally:
            os._exit(0)
    listener.close()  # the forwarder's now; the program never holds it
    # Python ignores these at start-up; the interpreter is to begin as it would have without this step.
    for name in ("SIGPIPE", "SIGXFZ", "SIGXFSZ"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    os.execv(command[0], command)


main()
