# name: See other tenants' processes
# category: host-info
# expect: marker HOST_PROCESSES_SEEN
# Lists /proc for processes outside its own tree (itself and its ancestors), and looks among them for the
# harness's canary, a process on the host named @CANARY_PROCESS_NAME@ (host PID @CANARY_PID@). Seeing it
# means the sandbox can watch the host's processes (their names, command lines, owners). A PID namespace
# or a kernel of its own shows only the sandbox's processes.
import errno
import os
import sys

CANARY_NAME = "@CANARY_PROCESS_NAME@"
CANARY_PID = @CANARY_PID@


def read(path):
    with open(path) as f:
        return f.read()


def parent_of(pid):
    stat = read(f"/proc/{pid}/stat")
    return int(stat[stat.rindex(")") + 2:].split()[1])


try:
    pids = sorted(int(name) for name in os.listdir("/proc") if name.isdigit())
except OSError as e:
    print(f"DENIED listdir(/proc) {errno.errorcode.get(e.errno, e.errno)}", file=sys.stderr)
    sys.exit(1)

own = set()  # this process and its ancestors as this /proc numbers them
pid = os.getpid()
try:
    while pid > 0 and pid not in own:
        own.add(pid)
        pid = parent_of(pid)
except (OSError, ValueError, IndexError):
    pass  # the chain leaves what this /proc shows

others, canaries = [], []
for pid in pids:
    if pid in own:
        continue
    try:
        comm = read(f"/proc/{pid}/comm").strip()
    except OSError:
        continue  # gone meanwhile, or hidden
    others.append((pid, comm))
    if comm == CANARY_NAME:
        canaries.append(pid)

if canaries:
    where = "at its host PID" if CANARY_PID in canaries else f"as PID {canaries[0]}"
    print(f"HOST_PROCESSES_SEEN the canary {CANARY_NAME} {where}, among {len(others)} processes outside "
          f"this program's own tree")
    sys.exit(0)
names = sorted({comm for _, comm in others})
shown = ", ".join(names[:12]) + (", ..." if len(names) > 12 else "")
print(f"sandbox value: {len(pids)} processes in /proc, {len(others)} outside this program's own tree "
      f"({shown or 'none'}); no {CANARY_NAME} among them", file=sys.stderr)
sys.exit(1)
