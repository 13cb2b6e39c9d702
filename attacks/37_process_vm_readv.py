# name: Read a host process's memory
# category: processes
# expect: marker READ_MEMORY
# runs: alone
# needs: root
# include: raw_syscall
# process_vm_readv() of 64 bytes from the top of the canary process's stack (its host PID; the address
# comes from /proc/PID/maps). Through when bytes came back. Reads only, never writes.
import errno
import struct
import sys

NAME = "@CANARY_PROCESS_NAME@"
PID = @CANARY_PID@
NR_PROCESS_VM_READV = 310  # x86-64, for raw_syscall
SIZE = 64

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
