# name: Canary in other processes' environ
# category: secrets
# expect: marker PROC_ENVIRON_LEAKED
# The harness's canary process (PID @CANARY_PID@ on the host) was started with @CANARY_ENV_NAME@ in its
# environment. Look there first, then through every /proc/<pid>/environ this program can see.
import errno
import os
import sys

NAME = b"@CANARY_ENV_NAME@"
CANARY_PID = "@CANARY_PID@"


def errname(e):
    return errno.errorcode.get(e.errno, str(e.errno))


def canary_in(pid):
    """The canary's value from /proc/<pid>/environ, or None; raises OSError when it cannot be read."""
    with open(f"/proc/{pid}/environ", "rb") as f:
        data = f.read(1 << 20)
    for entry in data.split(b"\0"):
        if entry.startswith(NAME + b"=") and len(entry) > len(NAME) + 1:
            return entry.decode("utf-8", "replace")
    return None


own = str(os.getpid())
canary_error = None
try:
    found = canary_in(CANARY_PID)
    if found:
        print("PROC_ENVIRON_LEAKED", f"pid {CANARY_PID}:", found)
        sys.exit(0)
    canary_error = "readable, but no canary there (another process has that PID here)"
except OSError as e:
    canary_error = errname(e)

try:
    pids = sorted((p for p in os.listdir("/proc") if p.isdigit()), key=int)
except OSError as e:
    print(f"DENIED listdir(/proc) {errname(e)}", file=sys.stderr)
    sys.exit(1)

readable = 0
refused = {}
for pid in pids[:4096]:
    if pid in (own, CANARY_PID):
        continue
    try:
        found = canary_in(pid)
    except OSError as e:
        refused[errname(e)] = refused.get(errname(e), 0) + 1
        continue
    readable += 1
    if found:
        print("PROC_ENVIRON_LEAKED", f"pid {pid}:", found)
        sys.exit(0)

print(f"/proc/{CANARY_PID}/environ: {canary_error}; {len(pids)} processes visible, {readable} other environ "
      f"readable without the canary, refused: {refused or 'none'}", file=sys.stderr)
if canary_error in errno.errorcode.values():
    print(f"DENIED open(/proc/{CANARY_PID}/environ) {canary_error}", file=sys.stderr)
else:
    print(f"DENIED find({NAME.decode()},/proc/*/environ) ENOENT", file=sys.stderr)
sys.exit(1)
