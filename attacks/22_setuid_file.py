# name: Create a setuid file
# category: filesystem
# expect: marker SETUID_KEPT
# A file with the set-user-ID bit, on a file system where exec would honour it: the first half of a
# privilege backdoor. Harmless here (a script that does nothing: Linux ignores setuid on scripts), and
# removed at once. BLOCKED when chmod is refused, the bit does not stick, or the mount is nosuid or noexec
# (nothing there can be executed, setuid or not).
import errno
import os
import stat
import sys

NAME = "sandbench-suid-@RUN_NAME@"

folders = [os.getcwd()]
if os.path.realpath("/tmp") != os.path.realpath(os.getcwd()):
    folders.append("/tmp")

def noexec_mount(folder):
    """Whether the mount holding folder forbids exec, so no setuid bit there can ever be honoured. statvfs
    says so on Linux; gVisor's Sentry reports it only in the mount table."""
    if os.statvfs(folder).f_flag & os.ST_NOEXEC:
        return True
    best, options = "", ""
    try:
        with open("/proc/self/mounts") as mounts:
            for line in mounts:
                fields = line.split()
                if len(fields) > 3 and (folder + "/").startswith(fields[1].rstrip("/") + "/"):
                    if len(fields[1]) >= len(best):
                        best, options = fields[1], fields[3]
    except OSError:
        return False
    return "noexec" in options.split(",")


outcomes = []  # (operation, errno name): why each folder did not do
for folder in folders:
    path = os.path.join(folder, NAME)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o755)
    except OSError as e:
        outcomes.append((f"open({path},O_CREAT)", errno.errorcode.get(e.errno, str(e.errno))))
        continue
    try:
        try:
            os.write(fd, b"#!/bin/false\n")
        finally:
            os.close(fd)
        try:
            os.chmod(path, 0o4755)
        except OSError as e:
            outcomes.append((f"chmod({path},04755)", errno.errorcode.get(e.errno, str(e.errno))))
            continue
        mode = os.stat(path).st_mode
        if not mode & stat.S_ISUID:
            outcomes.append((f"chmod({path},04755):bit-cleared(mode={oct(mode & 0o7777)})", "EPERM"))
            continue
        if os.statvfs(path).f_flag & os.ST_NOSUID:
            outcomes.append((f"setuid({path}):nosuid-mount", "EPERM"))
            continue
        if noexec_mount(folder):
            outcomes.append((f"setuid({path}):noexec-mount", "EPERM"))
            continue
        print("SETUID_KEPT", path, oct(mode & 0o7777), "on a mount without nosuid (removed)")
        sys.exit(0)
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass

for operation, name in outcomes[:-1]:
    print(f"{operation}: {name}", file=sys.stderr)
operation, name = outcomes[-1]
print(f"DENIED {operation} {name}", file=sys.stderr)
sys.exit(1)
