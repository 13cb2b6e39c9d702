# name: io_uring setup
# category: kernel
# expect: marker IO_URING_REACHED
# surface: kernel
# io_uring is a large kernel surface with a long record of privilege escalations. io_uring_setup() with
# one entry and a NULL params pointer creates nothing: EFAULT (or EINVAL) means the call reached io_uring;
# EPERM, ENOSYS or EOPNOTSUPP mean a filter, a sysctl (kernel.io_uring_disabled) or the kernel refused.
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

NR_IO_URING_SETUP = 425  # the same number on every architecture since Linux 5.1


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


if ctypes is None:
    err, _ = raw_syscall(NR_IO_URING_SETUP, lambda address: [1, 0])
else:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    result = libc.syscall(ctypes.c_long(NR_IO_URING_SETUP), ctypes.c_long(1), ctypes.c_void_p(None))
    err = ctypes.get_errno() if result < 0 else 0
    if result >= 0:  # cannot happen with NULL params; close it all the same
        os.close(result)
if err == 0:
    print("IO_URING_REACHED io_uring_setup succeeded")
elif err in (errno.EFAULT, errno.EINVAL):
    print(f"IO_URING_REACHED io_uring_setup answered {errname(err)}: the call reached io_uring")
else:
    print(f"DENIED io_uring_setup {errname(err)}", file=sys.stderr)
    sys.exit(1)
