# name: New mount-table calls
# category: kernel
# expect: marker MOUNT_TABLE_REACHED
# surface: kernel
# include: raw_syscall
# Linux 6.8 added statmount() and listmount(), and 6.15 open_tree_attr(): new code that reads and clones
# the mount table, on no deny list written before them. Called with NULL pointers they read nothing and
# change nothing: EFAULT or EINVAL means the call reached the mount code; EOPNOTSUPP, EPERM or ENOSYS
# mean a filter (or a kernel older than the call) refused it.
import errno
import sys

CALLS = {"statmount": 457, "listmount": 458, "open_tree_attr": 467}  # the same on every architecture
reached = []
last = None
for name, number in CALLS.items():
    if ctypes is None:
        err, _ = raw_syscall(number, lambda address: [0, 0, 0, 0])
    else:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall.restype = ctypes.c_long
        result = libc.syscall(ctypes.c_long(number), ctypes.c_void_p(None), ctypes.c_void_p(None),
                              ctypes.c_long(0), ctypes.c_long(0))
        err = ctypes.get_errno() if result < 0 else 0
    if err in (0, errno.EFAULT, errno.EINVAL):
        reached.append(f"{name} answered {errname(err) if err else 'success'}")
    else:
        last = f"DENIED {name} {errname(err)}"
if reached:
    print("MOUNT_TABLE_REACHED " + ", ".join(reached))
else:
    print(last, file=sys.stderr)
    sys.exit(1)
