# name: Host hostname
# category: host-info
# expect: marker HOST_HOSTNAME_SEEN
# The machine's name, from every place a program looks: gethostname(), uname, /proc/sys/kernel/hostname
# and /etc/hostname. A UTS namespace (and a private /etc) gives the sandbox its own name instead.
import errno
import os
import socket
import sys

HOST_HOSTNAME = "@HOST_HOSTNAME@"

seen = {}
denied = []
try:
    seen["gethostname()"] = socket.gethostname()
except OSError as e:
    denied.append(f"gethostname {errno.errorcode.get(e.errno, e.errno)}")
seen["uname nodename"] = os.uname().nodename
for path in ("/proc/sys/kernel/hostname", "/etc/hostname"):
    try:
        with open(path) as f:
            seen[path] = f.read().strip()
    except OSError as e:
        denied.append(f"open({path}) {errno.errorcode.get(e.errno, e.errno)}")

for source, name in seen.items():
    if name == HOST_HOSTNAME:
        print(f"HOST_HOSTNAME_SEEN {name!r} from {source}: the host's own name")
        sys.exit(0)
if seen:
    # What the sandbox showed instead; the sources it refused are only context, not the reason.
    print("sandbox value: " + ", ".join(f"{source} = {name!r}" for source, name in seen.items()) +
          f" (not the host's {HOST_HOSTNAME!r})" + "".join(f"; refused: {what}" for what in denied),
          file=sys.stderr)
else:
    for what in denied:
        print(f"DENIED {what}", file=sys.stderr)
sys.exit(1)
