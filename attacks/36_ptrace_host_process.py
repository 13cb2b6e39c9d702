# name: ptrace a host process
# category: processes
# expect: marker TRACED
# needs: root
# PTRACE_SEIZE of the harness's canary process (its host PID), which gives full control of it (memory,
# registers) without stopping it; then PTRACE_INTERRUPT, wait for the stop and PTRACE_DETACH at once, so
# the canary goes on sleeping. Through when the kernel accepted the seize.
import errno
import os
import platform
import struct
import sys
import time

try:
    import ctypes
except ImportError:  # a minimal Python: raw_syscall below makes the call instead
    if platform.machine() != "x86_64":
        raise
    ctypes = None

NAME = "@CANARY_PROCESS_NAME@"
PID = @CANARY_PID@
NR_PTRACE = 101  # x86-64, for raw_syscall
PTRACE_DETACH = 17
PTRACE_SEIZE = 0x4206
PTRACE_INTERRUPT = 0x4207
WALL = 0x40000000  # __WALL: wait for a tracee that is not our child


def errname(e):
    return errno.errorcode.get(e, str(e))


def raw_syscall(nr, args, data=b"", output_offset=None):
    # For a Python without ctypes (the container image has none): the one system call in a tiny static
    # x86-64 program, written to the working folder, run and removed at once. `args(address)` and
    # `data(address)` give up to six integers and the bytes placed at `address` in that program's memory.
    # With `output_offset`, success also writes the call's result count of bytes from there to stdout.
    # Returns (0 or the errno, what it wrote).
    base, headers = 0x400000, 64 + 56
    registers = (b"\x48\xbf", b"\x48\xbe", b"\x48\xba", b"\x49\xba", b"\x49\xb8", b"\x49\xb9")
    leave = b"\x31\xff\xb8\x3c\x00\x00\x00\x0f\x05"  # exit(0)
    success_size = len(leave) + (0 if output_offset is None else 25)
    address = base + headers + 10 * len(args(0)) + 17 + success_size + 13
    code = b"".join(r + struct.pack("<q", v) for r, v in zip(registers, args(address)))
    code += b"\x48\xb8" + struct.pack("<q", nr) + b"\x0f\x05"  # mov rax, nr; syscall
    code += b"\x48\x85\xc0\x78" + bytes([success_size])  # test rax, rax; js failed
    if output_offset is not None:  # write(1, address + output_offset, rax)
        code += b"\x48\x89\xc2\x48\xbe" + struct.pack("<q", address + output_offset)
        code += b"\xbf\x01\x00\x00\x00\xb8\x01\x00\x00\x00\x0f\x05"
    code += leave
    code += b"\x48\xf7\xd8\x48\x89\xc7\xb8\x3c\x00\x00\x00\x0f\x05"  # failed: exit(-rax)
    blob = data(address) if callable(data) else data
    size = headers + len(code) + len(blob)
    elf = b"\x7fELF\x02\x01\x01" + bytes(9)
    elf += struct.pack("<HHIQQQIHHHHHH", 2, 62, 1, base + headers, 64, 0, 0, 64, 56, 1, 0, 0, 0)
    elf += struct.pack("<IIQQQQQQ", 1, 7, 0, base, base, size, size, 0x1000)
    path = os.path.join(os.getcwd(), f"syscall-{os.getpid()}")
    readfd, writefd = os.pipe()
    try:
        with open(path, "wb") as f:
            f.write(elf + code + blob)
        os.chmod(path, 0o700)
        pid = os.posix_spawn(path, [path], {}, file_actions=[(os.POSIX_SPAWN_DUP2, writefd, 1)])
    except OSError as e:  # no ctypes and nowhere to run a program: the call cannot even be tried
        print(f"DENIED exec(system call program) {errno.errorcode.get(e.errno, e.errno)}", file=sys.stderr)
        sys.exit(1)
    finally:
        os.close(writefd)
        if os.path.exists(path):
            os.unlink(path)
    deadline = time.monotonic() + 5
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, 9)
        time.sleep(0.01)
    with os.fdopen(readfd, "rb") as f:
        written = f.read()
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        raise OSError(errno.EINTR, f"the system call program was killed by signal {-code}")
    return code, written


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
