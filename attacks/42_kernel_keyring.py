# name: Kernel keyring
# category: kernel
# expect: marker KEYRING_REACHED
# surface: kernel
# include: raw_syscall
# The kernel keyring holds credentials (Kerberos tickets, filesystem keys, ...) and has had its share of
# kernel bugs; containers usually share the host's. keyctl(KEYCTL_GET_KEYRING_ID, session keyring, no
# create) only asks for an ID; add_key() with NULL type and description adds nothing (EFAULT when it
# reached the keyring code). Through when either call reached it.
import errno
import platform
import sys

# (keyctl, add_key) system call numbers
NUMBERS = {"x86_64": (250, 248), "aarch64": (219, 217), "arm64": (219, 217)}
KEYCTL_GET_KEYRING_ID = 0
KEY_SPEC_SESSION_KEYRING = -3

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
