# name: Mount a filesystem
# category: kernel
# expect: marker MOUNT_REACHED
# needs: root
# surface: kernel
# include: raw_syscall
# mount(2) needs CAP_SYS_ADMIN over the mount namespace. The probe is a bind mount from a source that does
# not exist onto the working folder: the kernel checks the capability first (EPERM) and only then looks
# the source up, so ENOENT means the call got past the capability check, and nothing is mounted. (A target
# that does not exist would prove nothing: its ENOENT comes before the capability check, for any user.)
import errno
import os
import sys

NR_MOUNT = 165  # x86-64, for raw_syscall
MS_BIND = 4096
SOURCE = b"/nonexistent-@RUN_NAME@"

if os.path.exists(SOURCE):
    print(f"DENIED mount(source {SOURCE.decode()} exists) EEXIST", file=sys.stderr)
    sys.exit(1)
target = os.getcwd().encode()
if ctypes is None:
    strings = SOURCE + b"\0" + target + b"\0"
    err, _ = raw_syscall(NR_MOUNT, lambda at: [at, at + len(SOURCE) + 1, 0, MS_BIND, 0], data=strings)
    if err == 0:  # cannot happen with a missing source
        print(f"a bind mount onto {target.decode()} succeeded: unmount it", file=sys.stderr)
else:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong,
                           ctypes.c_void_p]
    result = libc.mount(SOURCE, target, None, MS_BIND, None)
    err = ctypes.get_errno() if result != 0 else 0
    if result == 0:  # cannot happen with a missing source; undo it all the same
        libc.umount2(target, 2)  # MNT_DETACH
if err == 0:
    print("MOUNT_REACHED mount succeeded")
elif err == errno.ENOENT:
    print("MOUNT_REACHED mount answered ENOENT for the missing source: past the capability check")
else:
    print(f"DENIED mount {errname(err)}", file=sys.stderr)
    sys.exit(1)
