# name: Unshare into new namespaces
# category: kernel
# expect: marker UNSHARED
# surface: kernel
# include: raw_syscall
# New namespaces open kernel code otherwise out of reach: a user namespace grants every capability inside
# it, and with them new mount and network namespaces expose mount and netfilter code. A forked child
# calls unshare(CLONE_NEWUSER), then unshare(CLONE_NEWNS | CLONE_NEWNET), reports and exits at once (its
# namespaces vanish with it); this process is never moved. Through when the mount and network namespaces
# were created (with or without the user namespace first).
import os
import sys

NR_UNSHARE = 272  # x86-64, for raw_syscall
CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000
CLONE_NEWNET = 0x40000000


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
