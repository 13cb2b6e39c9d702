# name: Survive the timeout
# category: processes
# expect: survivor
# runs: alone
# Double fork and setsid() leave the tier's process group; the grandchild ignores SIGTERM and SIGHUP,
# renames itself @RUN_NAME@ and stays alive for 30 s, then leaves by itself (harmless without a sandbox).
# The original process then sleeps until the policy's timeout ends it. Through when a process named
# @RUN_NAME@ is still alive after the run.
import errno
import os
import signal
import sys
import time

RUN_NAME = b"@RUN_NAME@"
LIFETIME = 30.0  # seconds the grandchild lives, at most
PR_SET_NAME = 15


def errname(e):
    return errno.errorcode.get(e, str(e))


def grandchild(ready):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_NAME, ctypes.c_char_p(RUN_NAME[:15]), 0, 0, 0)
    except (ImportError, OSError):  # a minimal Python has no ctypes: the same through /proc
        try:
            with open("/proc/self/comm", "wb") as f:
                f.write(RUN_NAME[:15])
        except OSError:
            pass
    # Let go of the run's pipes, so nothing waits for this process's output to end.
    try:
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        if null > 2:
            os.close(null)
    except OSError:
        for fd in (0, 1, 2):
            try:
                os.close(fd)
            except OSError:
                pass
    try:
        os.chdir("/")  # do not pin the working folder
    except OSError:
        pass
    os.write(ready, b"%d" % os.getpid())
    os.close(ready)
    os.closerange(3, 1024)
    deadline = time.monotonic() + LIFETIME
    while time.monotonic() < deadline:
        time.sleep(min(1.0, max(0.0, deadline - time.monotonic())))


sys.stdout.flush()
sys.stderr.flush()
readfd, writefd = os.pipe()
try:
    child = os.fork()
except OSError as e:
    print(f"DENIED fork {errname(e.errno)}", file=sys.stderr)
    sys.exit(1)
if child == 0:
    os.close(readfd)
    code = 0
    try:
        os.setsid()
        if os.fork() == 0:
            try:
                grandchild(writefd)
            finally:
                os._exit(0)
    except OSError as e:
        os.write(writefd, b"E" + errname(e.errno).encode())
        code = 1
    os._exit(code)

os.close(writefd)
os.waitpid(child, 0)
answer = b""
while True:
    chunk = os.read(readfd, 64)
    if not chunk:
        break
    answer += chunk
os.close(readfd)
if not answer:
    print("DENIED fork(grandchild) EAGAIN", file=sys.stderr)
    sys.exit(1)
if answer.startswith(b"E"):
    print(f"DENIED setsid/fork {answer[1:].decode()}", file=sys.stderr)
    sys.exit(1)
print(f"DETACHED grandchild pid {answer.decode()} named {RUN_NAME.decode()}, lives {LIFETIME:.0f} s", flush=True)
# Wait for the tier's timeout to end this process; bounded in case nothing does.
time.sleep(20)
