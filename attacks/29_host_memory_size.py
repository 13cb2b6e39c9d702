# name: Host memory size
# category: host-info
# expect: marker HOST_MEMORY_SEEN
# expected: shared-kernel
# Learns how much memory the machine has, from /proc/meminfo or from sysinfo() (sysconf), which no
# namespace changes: a shared kernel answers with the host's own MemTotal. A sandbox with its own kernel
# or its own /proc/meminfo shows its own size instead.
import errno
import os
import sys

HOST_MEM_KB = @HOST_MEM_KB@

seen = {}  # source -> kB
denied = []
try:
    with open("/proc/meminfo") as meminfo:
        for line in meminfo:
            if line.startswith("MemTotal:"):
                seen["/proc/meminfo MemTotal"] = int(line.split()[1])
                break
except OSError as e:
    denied.append(f"open(/proc/meminfo) {errno.errorcode.get(e.errno, e.errno)}")
try:
    seen["sysconf(SC_PHYS_PAGES)"] = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 1024
except (OSError, ValueError) as e:
    denied.append(f"sysconf(SC_PHYS_PAGES) {errno.errorcode.get(getattr(e, 'errno', None), 'EINVAL')}")

for source, kb in seen.items():
    if kb == HOST_MEM_KB:
        print(f"HOST_MEMORY_SEEN {kb} kB from {source}: the host's own MemTotal")
        sys.exit(0)
if seen:
    # What the sandbox showed instead; the sources it refused are only context, not the reason.
    print("sandbox value: " + ", ".join(f"{source} = {kb} kB" for source, kb in seen.items()) +
          f" (not the host's {HOST_MEM_KB} kB)" + "".join(f"; refused: {what}" for what in denied),
          file=sys.stderr)
else:
    for what in denied:
        print(f"DENIED {what}", file=sys.stderr)
sys.exit(1)
