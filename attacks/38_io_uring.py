# name: io_uring setup
# category: kernel
# expect: marker IO_URING_REACHED
# surface: kernel
# include: raw_syscall
# io_uring is a large kernel surface with a long record of privilege escalations. io_uring_setup() with
# one entry and a NULL params pointer creates nothing: EFAULT (or EINVAL) means the call reached io_uring;
# EPERM, ENOSYS or EOPNOTSUPP mean a filter, a sysctl (kernel.io_uring_disabled) or the kernel refused.
import errno
import os
import sys

NR_IO_URING_SETUP = 425  # the same number on every architecture since Linux 5.1

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
