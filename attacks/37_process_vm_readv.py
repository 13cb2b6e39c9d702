# name: Read a host process's memory
# category: processes
# expect: marker READ_MEMORY
# needs: root
# process_vm_readv() of 64 bytes from the top of the canary process's stack (its host PID; the address
# comes from /proc/PID/maps). Through when bytes came back. Reads only, never writes.
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
NR_PROCESS_VM_READV = 310  # x86-64, for raw_syscall
SIZE = 64


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


address = None
try:
    with open(f"/proc/{PID}/comm") as f:
        name = f.read().strip()
    if name != NAME:
        print(f"pid {PID} here is {name!r}, not the canary", file=sys.stderr)
        print(f"DENIED find({NAME}) ESRCH", file=sys.stderr)
        sys.exit(1)
    with open(f"/proc/{PID}/maps") as f:
        for line in f:
            if line.rstrip().endswith("[stack]"):
                address = int(line.split()[0].split("-")[1], 16) - SIZE
                break
except OSError as e:
    print(f"maps of pid {PID}: {errname(e.errno)}", file=sys.stderr)
# Without the canary's map, ask anyway at a page no process maps, so the kernel's errno still tells
# whether the call was refused (EPERM, ESRCH, a filter) or only missed (EFAULT: no bytes, not through).
remote = address if address is not None else 0x1000

if ctypes is None:
    # Two iovecs (ours, the canary's), then our buffer; on success the program writes what it read.
    err, data = raw_syscall(
        NR_PROCESS_VM_READV, lambda at: [PID, at, 1, at + 16, 1, 0],
        data=lambda at: struct.pack("<QQQQ", at + 32, SIZE, remote, SIZE) + bytes(SIZE), output_offset=32)
else:
    class IoVec(ctypes.Structure):
        _fields_ = [("iov_base", ctypes.c_void_p), ("iov_len", ctypes.c_size_t)]

    libc = ctypes.CDLL(None, use_errno=True)
    libc.process_vm_readv.restype = ctypes.c_ssize_t
    libc.process_vm_readv.argtypes = [ctypes.c_int, ctypes.POINTER(IoVec), ctypes.c_ulong,
                                      ctypes.POINTER(IoVec), ctypes.c_ulong, ctypes.c_ulong]
    buffer = ctypes.create_string_buffer(SIZE)
    local = IoVec(ctypes.cast(buffer, ctypes.c_void_p), SIZE)
    far = IoVec(remote, SIZE)
    count = libc.process_vm_readv(PID, ctypes.byref(local), 1, ctypes.byref(far), 1, 0)
    err = ctypes.get_errno() if count < 0 else 0
    data = buffer.raw[:max(count, 0)]
if err or not data:
    print(f"DENIED process_vm_readv {errname(err or errno.EFAULT)}", file=sys.stderr)
    sys.exit(1)
print(f"READ_MEMORY {len(data)} bytes of pid {PID}'s stack: {data!r}")
