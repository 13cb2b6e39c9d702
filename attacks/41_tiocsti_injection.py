# name: Terminal injection (TIOCSTI)
# category: kernel
# expect: marker TIOCSTI_REACHED
# needs: root
# surface: kernel
# ioctl(TIOCSTI) pushes characters into a terminal's input, as if typed there: a sandboxed program that
# shares the user's terminal can run commands in the shell that started it. Probed with a NULL character
# pointer, so nothing is ever injected: EFAULT means the kernel passed its permission checks and only
# failed to read the character. Tried on stdin/stdout/stderr and /dev/tty (under the harness none is a
# terminal: ENOTTY/ENXIO, nothing to inject into), then on a pseudo-terminal this program opens itself,
# which is not its controlling terminal, so only CAP_SYS_ADMIN lets it through (dev.tty.legacy_tiocsti=0
# refuses with EIO even then). Through when any probe answered EFAULT.
import errno
import fcntl
import os
import sys

try:
    from termios import TIOCSTI
except ImportError:  # a minimal Python has no termios
    TIOCSTI = 0x5412  # x86 and arm64


def errname(e):
    return errno.errorcode.get(e, str(e))


def probe(fd):
    try:
        fcntl.ioctl(fd, TIOCSTI, 0)  # 0: a NULL pointer to the character
    except OSError as e:
        return e.errno
    return 0  # cannot happen with a NULL pointer


results = []
for fd, label in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
    results.append((label, probe(fd)))
try:
    tty = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    results.append(("/dev/tty", probe(tty)))
    os.close(tty)
except OSError as e:
    results.append(("/dev/tty", e.errno))  # open failed
try:
    master, slave = os.openpty()
    results.append(("pty", probe(slave)))
    os.close(slave)
    os.close(master)
except OSError as e:
    results.append(("pty", e.errno))  # openpty failed

try:
    with open("/proc/sys/dev/tty/legacy_tiocsti") as f:
        legacy = f.read().strip()
except OSError:
    legacy = "unknown"
summary = ", ".join(f"{label} {'accepted' if err == 0 else errname(err)}" for label, err in results)
print(f"TIOCSTI probes: {summary}; dev.tty.legacy_tiocsti={legacy}", file=sys.stderr)

reached = [label for label, err in results if err in (0, errno.EFAULT)]
if reached:
    print(f"TIOCSTI_REACHED on {', '.join(reached)} ({summary})")
    sys.exit(0)
# The errno that says most: a refusal (filter, capability, sysctl) before "no terminal here".
nothing_there = (errno.ENOTTY, errno.ENXIO, errno.ENOENT, errno.EBADF)
label, err = min(reversed(results), key=lambda r: r[1] in nothing_there)
print(f"DENIED ioctl(TIOCSTI,{label}) {errname(err)}", file=sys.stderr)
sys.exit(1)
