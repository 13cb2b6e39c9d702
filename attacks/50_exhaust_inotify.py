# name: Take every inotify instance of the uid
# category: resources
# expect: starves inotify
# runs: alone
# The kernel counts inotify instances per host user (fs.inotify.max_user_instances, 128 by default) at
# every level of nested user namespaces. A sandbox that shares its host uid with other sandboxes, or whose
# user namespace root created, takes them from those too. Take all the kernel gives (at most 4096, so the
# host control ends as well), say HOLDING, and keep them 3 s while the harness opens one from its own
# process on the host. Through when that fails.
import errno
import sys
import time

try:
    import ctypes
except ImportError:
    print("DENIED import(ctypes) ENOSYS", file=sys.stderr)
    sys.exit(1)

libc = ctypes.CDLL(None, use_errno=True)
held, error = [], 0
while len(held) < 4096:
    fd = libc.inotify_init1(0o2000000)  # IN_CLOEXEC
    if fd < 0:
        error = ctypes.get_errno()
        break
    held.append(fd)
if not held:
    print("DENIED inotify_init1 %s" % errno.errorcode.get(error, error), file=sys.stderr)
    sys.exit(1)
print("HOLDING %d inotify instances, then %s" % (len(held), errno.errorcode.get(error, "no error")), flush=True)
time.sleep(3)
