# Sandbench microVM guest: the egress forwarder. /init starts it as root, chrooted into the root drive, as
# `python3 -I -S -` with this file on stdin, the sandbench.egress port on fd 4 and a FIFO on fd 1, before
# the program starts. It binds 127.0.0.1:3128 (so no program can take that port first), says "listening"
# on fd 1, and then carries every connection made to it over the one port to the host, which relays each
# to the run's egress proxy (tiers/microvm/egress_port_relay.h). The program (uid 65534) can neither
# signal nor trace it, nor open the port.
#
# Framing, both ways: a 9-byte header (u32 connection id, u8 kind, u32 payload length; big-endian) and the
# payload. Kinds: OPEN (guest to host, empty: a new connection), DATA (1..65536 bytes), CLOSE (empty: the
# sender sends no more on this id; an id is free again once both sides sent theirs), CREDIT (4 bytes, u32:
# that many bytes of the peer's DATA were delivered, so it may send that many more). Each side may have at
# most WINDOW bytes of DATA per connection that the other has not credited; the guest starts with none and
# sends nothing until the host, connected to the proxy, grants its first CREDIT. A host that refuses a
# connection (more than 64 at once) answers OPEN with CLOSE alone.
#
# Only the low-level modules: every import costs milliseconds of emulated CPU under TCG.
import _socket
import os
import select
import struct

PORT_FD = 4
HEADER = struct.Struct(">IBI")
OPEN, DATA, CLOSE, CREDIT = 1, 2, 3, 4
MAX_PAYLOAD = 65536
WINDOW = 262144
MOST_CONNECTIONS = 64
MOST_IDS = 65536
OUT_HIGH_WATER = 1 << 20  # bytes queued for the port beyond which clients are not read


class Connection:
    __slots__ = ("sock", "to_client", "credit", "granted", "sent_close", "got_close", "shut", "owed")

    def __init__(self, sock):
        self.sock = sock
        self.to_client = bytearray()
        self.credit = 0  # bytes the host still takes from us
        self.granted = False  # the host connected it to the proxy
        self.sent_close = False
        self.got_close = False
        self.shut = False  # the client's socket is closed
        self.owed = 0  # bytes delivered to the client, not yet credited to the host


def frame(ident, kind, payload=b""):
    return HEADER.pack(ident, kind, len(payload)) + payload


def main():
    listener = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
    listener.setsockopt(_socket.SOL_SOCKET, _socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 3128))
    listener.listen(MOST_CONNECTIONS)
    listener.setblocking(False)
    os.set_blocking(PORT_FD, False)
    os.write(1, b"listening\n")
    os.close(1)

    connections = {}
    next_id = 0
    out = bytearray()  # frames for the host
    inbound = bytearray()  # bytes from the host not yet parsed

    def end_client(ident, conn):
        # The client is gone (or refused): what the host sends for it is dropped, and credited.
        if not conn.shut:
            conn.shut = True
            conn.sock.close()
        conn.to_client.clear()
        if not conn.sent_close:
            conn.sent_close = True
            out.extend(frame(ident, CLOSE))

    while True:
        registered = {PORT_FD: None, listener.fileno(): None}
        poller = select.poll()
        poller.register(PORT_FD, select.POLLIN | (select.POLLOUT if out else 0))
        poller.register(listener.fileno(), select.POLLIN)
        for ident, conn in connections.items():
            if conn.shut and conn.sock.fileno() < 0:
                continue
            events = 0
            if conn.granted and conn.credit > 0 and not conn.sent_close and len(out) < OUT_HIGH_WATER:
                events |= select.POLLIN
            if conn.to_client:
                events |= select.POLLOUT
            if events:
                poller.register(conn.sock.fileno(), events)
                registered[conn.sock.fileno()] = ident
        for fd, revents in poller.poll():
            if fd == PORT_FD:
                if revents & select.POLLOUT and out:
                    try:
                        written = os.write(PORT_FD, out[:32768])
                        del out[:written]
                    except BlockingIOError:
                        pass
                if revents & (select.POLLIN | select.POLLHUP):
                    try:
                        data = os.read(PORT_FD, 2 * (HEADER.size + MAX_PAYLOAD))
                    except BlockingIOError:
                        data = None
                    if data == b"":
                        # The host dropped the channel (the run ended, or it found the framing broken).
                        raise SystemExit("egress forwarder: the host closed the channel")
                    if data:
                        inbound.extend(data)
                    while len(inbound) >= HEADER.size:
                        ident, kind, length = HEADER.unpack_from(inbound)
                        if length > MAX_PAYLOAD:
                            raise SystemExit("egress forwarder: the host sent an oversized frame")
                        if len(inbound) < HEADER.size + length:
                            break
                        payload = bytes(inbound[HEADER.size : HEADER.size + length])
                        del inbound[: HEADER.size + length]
                        conn = connections.get(ident)
                        if conn is None:
                            continue
                        if kind == DATA:
                            if conn.shut:
                                conn.owed += length  # the client is gone: dropped, but credited
                            else:
                                conn.to_client.extend(payload)
                        elif kind == CREDIT and length == 4:
                            conn.credit += struct.unpack(">I", payload)[0]
                            conn.granted = True
                        elif kind == CLOSE:
                            conn.got_close = True
                            if not conn.granted:
                                end_client(ident, conn)  # refused by the host
            elif fd == listener.fileno():
                try:
                    accepted, _ = listener._accept()
                except OSError:
                    continue
                client = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM, 0, accepted)
                if len(connections) >= MOST_CONNECTIONS:
                    client.close()  # the host would refuse it too
                    continue
                while next_id in connections:
                    next_id = (next_id + 1) % MOST_IDS
                client.setblocking(False)
                connections[next_id] = Connection(client)
                out.extend(frame(next_id, OPEN))
                next_id = (next_id + 1) % MOST_IDS
            else:
                ident = registered.get(fd)
                conn = connections.get(ident)
                if conn is None:
                    continue
                if revents & select.POLLOUT and conn.to_client:
                    try:
                        sent = conn.sock.send(conn.to_client)
                        del conn.to_client[:sent]
                        conn.owed += sent
                    except BlockingIOError:
                        pass
                    except OSError:
                        end_client(ident, conn)
                if revents & (select.POLLIN | select.POLLHUP | select.POLLERR) and not conn.sent_close:
                    try:
                        data = conn.sock.recv(min(conn.credit, MAX_PAYLOAD))
                    except BlockingIOError:
                        continue
                    except OSError:
                        data = b""
                    if data:
                        conn.credit -= len(data)
                        out.extend(frame(ident, DATA, data))
                    else:
                        conn.sent_close = True
                        out.extend(frame(ident, CLOSE))
        for ident in list(connections):
            conn = connections[ident]
            if conn.owed:
                out.extend(frame(ident, CREDIT, struct.pack(">I", conn.owed)))
                conn.owed = 0
            if conn.got_close and not conn.to_client and not conn.shut:
                # The proxy's side ended and all of it was delivered: the client reads its end-of-file.
                try:
                    conn.sock.shutdown(_socket.SHUT_WR)
                except OSError:
                    pass
                if conn.sent_close:
                    conn.shut = True
                    conn.sock.close()
            if conn.sent_close and conn.got_close and (conn.shut or not conn.to_client):
                if not conn.shut:
                    conn.shut = True
                    conn.sock.close()
                del connections[ident]


main()
