# name: Kernel keyring
# category: kernel
# expect: marker KEYRING_REACHED
# surface: kernel
# The kernel keyring holds credentials (Kerberos tickets, filesystem keys, ...) and has had its share of
# kernel bugs; containers usually share the host's. keyctl(KEYCTL_GET_KEYRING_ID, session keyring, no
# create) only asks for an ID; add_key() with NULL type and description adds nothing (EFAULT when it
# reached the keyring code). Through when either call reached it.
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

# (keyctl, add_key) system call numbers
NUMBERS = {"x86_64": (250, 248), "aarch64": (219, 217), "arm64": (219, 217)}
KEYCTL_GET_KEYRING_ID = 0
KEY_SPEC_SESSION_KEYRING = -3


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


machine = platform.machine()
if machine not in NUMBERS:
    print(f"DENIED keyctl(unknown architecture {machine}) ENOSYS", file=sys.stderr)
    sys.exit(1)
nr_keyctl, nr_add_key = NUMBERS[machine]

if ctypes is None:
    keyctl_err, _ = raw_syscall(nr_keyctl, lambda at: [KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0])
    add_err, _ = raw_syscall(nr_add_key, lambda at: [0, 0, 0, 0, 0])
    keyctl_text = f"keyctl {'answered a keyring ID' if not keyctl_err else errname(keyctl_err)}"
    add_text = f"add_key {'succeeded' if not add_err else errname(add_err)}"
else:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    serial = libc.syscall(ctypes.c_long(nr_keyctl), ctypes.c_long(KEYCTL_GET_KEYRING_ID),
                          ctypes.c_long(KEY_SPEC_SESSION_KEYRING), ctypes.c_long(0))
    keyctl_err = ctypes.get_errno() if serial < 0 else 0
    added = libc.syscall(ctypes.c_long(nr_add_key), ctypes.c_void_p(None), ctypes.c_void_p(None),
                         ctypes.c_void_p(None), ctypes.c_size_t(0), ctypes.c_long(0))
    add_err = ctypes.get_errno() if added < 0 else 0
    keyctl_text = f"keyctl {'session keyring ' + str(serial) if serial >= 0 else errname(keyctl_err)}"
    add_text = f"add_key {'returned ' + str(added) if added >= 0 else errname(add_err)}"

# ENOKEY: keyctl got as far as looking the keyring up; EFAULT/EINVAL: add_key got as far as its arguments.
if keyctl_err in (0, errno.ENOKEY) or add_err in (0, errno.EFAULT, errno.EINVAL):
    print(f"KEYRING_REACHED {keyctl_text}, {add_text}")
    sys.exit(0)
print(f"DENIED add_key {errname(add_err)}", file=sys.stderr)
print(f"DENIED keyctl {errname(keyctl_err)}", file=sys.stderr)
sys.exit(1)
