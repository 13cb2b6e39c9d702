# name: ptrace a host process
# category: processes
# expect: marker TRACED
# runs: alone
# needs: root
# include: raw_syscall
# PTRACE_SEIZE of the harness's canary process (its host PID), which gives full control of it (memory,
# registers) without stopping it; then PTRACE_INTERRUPT, wait for the stop and PTRACE_DETACH at once, so
# the canary goes on sleeping. Through when the kernel accepted the seize.
import os
import sys
import time

NAME = "@CANARY_PROCESS_NAME@"
PID = @CANARY_PID@
NR_PTRACE = 101  # x86-64, for raw_syscall
PTRACE_DETACH = 17
PTRACE_SEIZE = 0x4206
PTRACE_INTERRUPT = 0x4207
WALL = 0x40000000  # __WALL: wait for a tracee that is not our child

# The PID must be the canary's, not another process that happens to have that number here.
try:
    with open(f"/proc/{PID}/comm") as f:
        name = f.read().strip()
    if name != NAME:
        print(f"pid {PID} here is {name!r}, not the canary", file=sys.stderr)
        print(f"DENIED find({NAME}) ESRCH", file=sys.stderr)
        sys.exit(1)
except OSError:
    pass  # /proc does not show it: let the kernel's answer to ptrace speak

if ctypes is None:
    # The seize is made by a short-lived program; its exit detaches the canary again.
    err, _ = raw_syscall(NR_PTRACE, lambda address: [PTRACE_SEIZE, PID, 0, 0])
    if err:
        print(f"DENIED ptrace(PTRACE_SEIZE) {errname(err)}", file=sys.stderr)
        sys.exit(1)
    print(f"TRACED {NAME} pid {PID} (PTRACE_SEIZE accepted; released when the tracer exited)")
    sys.exit(0)

libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.restype = ctypes.c_long
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]


def ptrace(request, pid):
    if libc.ptrace(request, pid, None, None) == -1:
        return ctypes.get_errno()
    return 0

err = ptrace(PTRACE_SEIZE, PID)
if err:
    print(f"DENIED ptrace(PTRACE_SEIZE) {errname(err)}", file=sys.stderr)
    sys.exit(1)
print(f"TRACED {NAME} pid {PID} (PTRACE_SEIZE accepted)", flush=True)

# Let go of it again: a detach needs the tracee stopped, so interrupt it and wait (bounded) for the stop.
# Were anything to fail here, this process's exit detaches it anyway.
if ptrace(PTRACE_INTERRUPT, PID) == 0:
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(PID, os.WNOHANG | WALL)
        except ChildProcessError:
            break
        if pid == PID:
            break
        time.sleep(0.01)
err = ptrace(PTRACE_DETACH, PID)
print("detached" if not err else f"detach: {errname(err)} (released on exit)")
