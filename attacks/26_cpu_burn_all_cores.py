# name: CPU burn on all cores
# category: resources
# expect: stopped
# runs: alone
# One busy-looping child per CPU the sandbox reports, and the parent loops too, so it never ends on its
# own: a CPU-time or wall-clock limit must stop it (a CPU share only slows it). Bounded: each child dies
# with the parent (PR_SET_PDEATHSIG) and leaves by itself after 60 s in any case.
import os
import signal
import sys
import time

CHILD_SECONDS = 60


def die_with_parent(parent):
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except Exception:
        pass  # the parent check in the loop and the self-limit still bound the child
    if os.getppid() != parent:
        os._exit(0)


def burn(parent):
    die_with_parent(parent)
    end = time.monotonic() + CHILD_SECONDS
    spins = 0
    while True:
        spins += 1
        if spins % 1000000 == 0 and (time.monotonic() > end or os.getppid() != parent):
            os._exit(0)


parent = os.getpid()
cores = os.cpu_count() or 1
started = 0
for _ in range(cores):
    try:
        pid = os.fork()
    except OSError as e:
        print(f"fork: {type(e).__name__}: {e}; burning with {started} children", file=sys.stderr)
        break
    if pid == 0:
        try:
            burn(parent)
        finally:
            os._exit(0)
    started += 1
print(f"burning {started + 1} processes on {cores} CPUs", file=sys.stderr, flush=True)
while True:
    pass
