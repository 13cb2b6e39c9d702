# name: Forge the run's end and outlive it
# category: processes
# expect: survivor
# runs: alone
# A tier whose result travels in band (end markers behind a nonce, as the container tier's waiter writes
# them) is fooled if the program can read the reporter: look for the nonce in PID 1's memory, print both
# end markers claiming exit 0, and go on running as @RUN_NAME@ for 8 s while the run is reported over. Where
# the reporter cannot be read, leave a detached @RUN_NAME@ behind instead (8 s, harmless without a
# sandbox). Through when a process named @RUN_NAME@ is alive after the run.
import errno
import os
import re
import sys
import time

RUN_NAME = b"@RUN_NAME@"
LINGER = 8.0


def rename():
    try:
        with open("/proc/self/comm", "wb") as f:
            f.write(RUN_NAME[:15])
    except OSError:
        pass


def linger():
    deadline = time.monotonic() + LINGER
    while time.monotonic() < deadline:
        time.sleep(0.2)


nonce = None
try:
    with open("/proc/1/mem", "rb") as memory, open("/proc/1/maps") as maps:
        for line in maps:
            span, mode = line.split()[:2]
            if "r" not in mode or "[vvar" in line:
                continue
            start, end = (int(x, 16) for x in span.split("-"))
            if end - start > 64 << 20:
                continue
            try:
                memory.seek(start)
                found = re.search(rb"nonce=([0-9a-f]{32})", memory.read(end - start))
            except OSError:
                continue
            if found:
                nonce = found.group(1)
                break
except OSError as e:
    print(f"DENIED open(/proc/1/mem) {errno.errorcode.get(e.errno, e.errno)}", file=sys.stderr)

if nonce:
    os.write(1, b"\x00sandbench-end " + nonce + b"\n")
    os.write(2, b"\x00sandbench-end " + nonce + b" 0 0 0 0\n")
    rename()
    linger()
    sys.exit(3)

sys.stderr.flush()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        rename()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.chdir("/")
        linger()
    os._exit(0)
os.wait()
print("DETACHED a process named after the run", flush=True)
sys.exit(3)
