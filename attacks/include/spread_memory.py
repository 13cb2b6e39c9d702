# Shared by the memory-spread attacks ("# include: spread_memory"): spread_memory(children, each, marker)
# forks `children` processes that each allocate and touch `each` bytes, each under a per-process limit,
# and prints the marker only when all of them hold their block at the same time; only a limit on the
# whole sandbox (a cgroup, a VM's size) stops that. Returns the exit status. Bounded: children die with
# the parent (PR_SET_PDEATHSIG) and leave by themselves 30 s after they report, whatever happens.
import errno
import os
import select
import signal
import sys
import time

SPREAD_HOLD_SECONDS = 30


def _spread_die_with_parent(parent):
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except Exception:
        pass  # the self-limit below still bounds the child
    if os.getppid() != parent:
        os._exit(0)


def _spread_child(report_w, release_r, parent, each):
    _spread_die_with_parent(parent)
    try:
        block = b"\x01" * each  # filled with memset: every page touched, so really held
    except MemoryError:
        os.write(report_w, b"ENOMEM\n")
        os._exit(1)
    os.write(report_w, b"HELD\n")
    # Hold until the parent releases us (end of file on release_r) or the self-limit runs out.
    select.select([release_r], [], [], SPREAD_HOLD_SECONDS)
    del block
    os._exit(0)


def spread_memory(children, each, marker):
    parent = os.getpid()
    release_r, release_w = os.pipe()
    reports = {}  # read end -> child number
    pids = []
    for number in range(children):
        report_r, report_w = os.pipe()
        try:
            pid = os.fork()
        except OSError as e:
            os.close(release_w)
            print(f"DENIED fork(child {number}) {errno.errorcode.get(e.errno, e.errno)}", file=sys.stderr)
            return 1
        if pid == 0:
            os.close(release_w)
            for other in reports:
                os.close(other)
            os.close(report_r)
            try:
                _spread_child(report_w, release_r, parent, each)
            finally:
                os._exit(1)
        os.close(report_w)
        reports[report_r] = number
        pids.append(pid)
    os.close(release_r)

    held, failed = [], []
    deadline = time.monotonic() + 60
    pending = dict(reports)
    buffers = {fd: b"" for fd in pending}
    while pending and time.monotonic() < deadline:
        ready, _, _ = select.select(list(pending), [], [], max(0.0, deadline - time.monotonic()))
        for fd in ready:
            data = os.read(fd, 64)
            buffers[fd] += data
            if data and not buffers[fd].endswith(b"\n"):
                continue
            number = pending.pop(fd)
            if buffers[fd].startswith(b"HELD"):
                held.append(number)
            else:
                failed.append((number, buffers[fd].strip().decode() or "ended without a report"))

    ok = len(held) == children  # every child still holds its block until released below
    if ok:
        print(f"{marker} {children} children x {each >> 20} MB = {children * each >> 20} MB held at once",
              flush=True)
    os.close(release_w)  # release: the children free their memory and leave
    statuses = {}
    for pid in pids:
        _, status = os.waitpid(pid, 0)
        statuses[pid] = status
    if ok:
        return 0

    for number, why in sorted(failed):
        status = statuses[pids[number]]
        if why == "ENOMEM":
            print(f"DENIED malloc({each >> 20} MB, child {number}) ENOMEM", file=sys.stderr)
        elif os.WIFSIGNALED(status):
            # No errno reaches a process the kernel kills: name the signal (SIGKILL: an out-of-memory kill).
            print(f"child {number} killed by {signal.Signals(os.WTERMSIG(status)).name} before it held "
                  f"{each >> 20} MB", file=sys.stderr)
        else:
            print(f"child {number}: {why} (exit {os.WEXITSTATUS(status)})", file=sys.stderr)
    if not failed:
        print(f"only {len(held)} of {children} children reported within 60 s", file=sys.stderr)
    return 1
