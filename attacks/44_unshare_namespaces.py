# name: Unshare into new namespaces
# category: kernel
# expect: marker UNSHARED
# surface: kernel
# New namespaces open kernel code otherwise out of reach: a user namespace grants every capability inside
# it, and with them new mount and network namespaces expose mount and netfilter code. A forked child
# calls unshare(CLONE_NEWUSER), then unshare(CLONE_NEWNS | CLONE_NEWNET), reports and exits at once (its
# namespaces vanish with it); this process is never moved. Through when the mount and network namespaces
# were created (with or without the user namespace first).
import errno
import os
import platform
import struct
import sys
import time

try:
    import ctypes
except ImportError:  # a minimal Python: raw_syscall below makes the calls instead
    if platform.machine() != "x86_64":
        raise
    ctypes = None

NR_UNSHARE = 272  # x86-64, for raw_syscall
CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000
CLONE_NEWNET = 0x40000000


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


def in_child():
    # (errno of unshare(CLONE_NEWUSER), errno of unshare(CLONE_NEWNS | CLONE_NEWNET)), from a child.
    if ctypes is None:
        # A separate short-lived program: one call, the kernel makes the user namespace first.
        user, _ = raw_syscall(NR_UNSHARE, lambda at: [CLONE_NEWUSER])
        rest, _ = raw_syscall(NR_UNSHARE, lambda at: [CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET])
        if user and not rest:
            user = 0  # impossible: the combined call made a user namespace too
        return user, rest
    libc = ctypes.CDLL(None, use_errno=True)
    sys.stdout.flush()
    sys.stderr.flush()
    readfd, writefd = os.pipe()
    child = os.fork()
    if child == 0:
        code = 1
        try:
            os.close(readfd)
            user = 0 if libc.unshare(ctypes.c_int(CLONE_NEWUSER)) == 0 else ctypes.get_errno()
            rest = 0 if libc.unshare(ctypes.c_int(CLONE_NEWNS | CLONE_NEWNET)) == 0 else ctypes.get_errno()
            os.write(writefd, f"{user} {rest}".encode())
            code = 0
        finally:
            os._exit(code)
    os.close(writefd)
    answer = os.read(readfd, 64).decode()
    os.close(readfd)
    os.waitpid(child, 0)
    try:
        user, rest = (int(x) for x in answer.split())
    except ValueError:
        print("DENIED unshare(child gave no answer) ECHILD", file=sys.stderr)
        sys.exit(1)
    return user, rest


try:
    user, rest = in_child()
except OSError as e:
    print(f"DENIED fork {errname(e.errno)}", file=sys.stderr)
    sys.exit(1)

user_text = "created" if user == 0 else errname(user)
rest_text = "created" if rest == 0 else errname(rest)
summary = f"CLONE_NEWUSER {user_text}, then CLONE_NEWNS|CLONE_NEWNET {rest_text}"
if rest == 0:
    print(f"UNSHARED {summary}")
    sys.exit(0)
if user != 0:
    print(f"DENIED unshare(CLONE_NEWUSER) {errname(user)}", file=sys.stderr)
print(f"DENIED unshare(CLONE_NEWNS|CLONE_NEWNET) {errname(rest)}", file=sys.stderr)
sys.exit(1)
