# name: Host identifiers in /proc and /etc
# category: host-info
# expect: marker HOST_IDENTIFIER_SEEN
# What tells a program whose machine it is on, beyond the kernel's own facts: PID 1's command line
# (a sandbox forked from the workbench without exec would show Sandbench's argv: host paths, options, an
# agent's task), the cgroup path (an engine's container id, its cgroup layout) and the resolver the host
# uses (/etc/resolv.conf copied in). Through when any of them is the host's.
import errno
import os
import re
import sys

found, denied = [], []


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read().decode(errors="replace")
    except OSError as e:
        denied.append(f"open({path}) {errno.errorcode.get(e.errno, e.errno)}")
        return None


cmdline = read("/proc/1/cmdline")
if cmdline is not None:
    words = cmdline.split("\0")
    if any("sandbench-cli" in w or "sandbench-gui" in w or w.startswith(("--tier", "--backend")) for w in words):
        found.append("PID 1's command line is Sandbench's own: " + " ".join(words)[:120])
cgroup = read("/proc/self/cgroup")
if cgroup is not None:
    for line in cgroup.splitlines():
        path = line.split(":", 2)[-1]
        if re.search(r"[0-9a-f]{64}", path) or "docker" in path or "libpod" in path or "sandbench" in path:
            found.append("cgroup path " + path)
            break
resolv = read("/etc/resolv.conf")
if resolv is not None:
    for line in resolv.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] == "nameserver" and parts[1] not in ("127.0.0.1", "::1"):
            found.append("the host's resolver " + parts[1])

if found:
    print("HOST_IDENTIFIER_SEEN " + "; ".join(found))
    sys.exit(0)
seen = []
if cmdline is not None:
    seen.append("PID 1 = " + repr(cmdline.split("\0")[0][:40]))
if cgroup is not None:
    seen.append("cgroup = " + repr(cgroup.splitlines()[0].split(":", 2)[-1] if cgroup else ""))
if resolv is not None:
    seen.append("resolv.conf = " + repr(" ".join(resolv.split())[:40]))
if seen:
    print("sandbox value: " + ", ".join(seen) + "".join(f"; refused: {what}" for what in denied), file=sys.stderr)
else:
    for what in denied:
        print(f"DENIED {what}", file=sys.stderr)
sys.exit(1)
