# name: See and signal a host process
# category: processes
# expect: marker SIGNALLED
# runs: alone
# Looks for the harness's canary process (by name in /proc/*/comm, and by its host PID), then sends it
# signal 0, which only checks permission and delivers nothing. Through only when the canary is visible
# from inside AND the kernel lets this program signal it.
import errno
import os
import sys

NAME = "@CANARY_PROCESS_NAME@"
PID = @CANARY_PID@


def errname(e):
    return errno.errorcode.get(e, str(e))


def comm(pid):
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return None


# Every visible process carrying the canary's name, the canary's own PID first.
found = [PID] if comm(PID) == NAME else []
try:
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != PID and comm(entry) == NAME:
            found.append(int(entry))
except OSError as e:
    print(f"listdir(/proc): {errname(e.errno)}", file=sys.stderr)

if not found:
    # Not visible by name: say what the kernel answers for the PID itself.
    try:
        os.kill(PID, 0)
    except OSError as e:
        print(f"DENIED kill({PID}) {errname(e.errno)}", file=sys.stderr)
        sys.exit(1)
    # The PID exists here but is not the canary (another process, or /proc hides its name).
    print(f"DENIED find({NAME}) ENOENT", file=sys.stderr)
    sys.exit(1)

last = None
for pid in found:
    try:
        os.kill(pid, 0)
    except OSError as e:
        last = e.errno
        continue
    print(f"SIGNALLED {NAME} pid {pid} (visible and signal 0 accepted)")
    sys.exit(0)
print(f"DENIED kill({found[0]}) {errname(last)}", file=sys.stderr)
sys.exit(1)
