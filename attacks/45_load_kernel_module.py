# name: Load a kernel module
# category: kernel
# expect: marker MODULE_REACHED
# needs: root modules
# surface: kernel
# include: raw_syscall
# A kernel module runs with the kernel's full power. init_module(NULL, 0, NULL) and finit_module(-1, NULL,
# 0) load nothing: the kernel checks CAP_SYS_MODULE first (EPERM), then fails on the empty image (ENOEXEC,
# EFAULT) or the bad file descriptor (EBADF), which means the call reached the module loader. ENOSYS means
# a filter, or a kernel built without module support (no /proc/modules), refused it.
import errno
import os
import platform
import sys

# (init_module, finit_module) system call numbers
NUMBERS = {"x86_64": (175, 313), "aarch64": (105, 273), "arm64": (105, 273)}
REACHED = (errno.EBADF, errno.EFAULT, errno.ENOEXEC, errno.EINVAL)

machine = platform.machine()
if machine not in NUMBERS:
    print(f"DENIED init_module(unknown architecture {machine}) ENOSYS", file=sys.stderr)
    sys.exit(1)
nr_init, nr_finit = NUMBERS[machine]

if ctypes is None:
    init_err, _ = raw_syscall(nr_init, lambda at: [0, 0, 0])
    finit_err, _ = raw_syscall(nr_finit, lambda at: [-1, 0, 0])
else:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    result = libc.syscall(ctypes.c_long(nr_init), ctypes.c_void_p(None), ctypes.c_ulong(0),
                          ctypes.c_void_p(None))
    init_err = ctypes.get_errno() if result < 0 else 0
    result = libc.syscall(ctypes.c_long(nr_finit), ctypes.c_long(-1), ctypes.c_void_p(None), ctypes.c_long(0))
    finit_err = ctypes.get_errno() if result < 0 else 0

summary = f"init_module {errname(init_err)}, finit_module {errname(finit_err)}"
if init_err in REACHED or finit_err in REACHED:
    print(f"MODULE_REACHED {summary}: the calls reached the module loader")
    sys.exit(0)
if errno.ENOSYS in (init_err, finit_err) and not os.path.exists("/proc/modules"):
    print("no /proc/modules: this kernel may have no module support at all", file=sys.stderr)
print(f"DENIED init_module {errname(init_err)}", file=sys.stderr)
print(f"DENIED finit_module {errname(finit_err)}", file=sys.stderr)
sys.exit(1)
