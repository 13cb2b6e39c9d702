#!/usr/bin/env python3
"""Boots the microVM guest image the way the QEMU tier does and runs one program in it.

Manual check for scripts/build-guest-image.sh: the QEMU command line is the host/guest contract's,
with pre-connected socketpair ends as the chardev fds.

  scripts/guest/try-guest.py -c 'print(1)'            run one program, print stdout/stderr/status
  scripts/guest/try-guest.py prog.py --after-ready    send the program only after "ready" (warm)
  scripts/guest/try-guest.py --selftest               the guest's behaviour checks (PASS/FAIL)
  scripts/guest/try-guest.py --bench                  cold and warm timings, smallest working -m

Times are from starting QEMU (t=0) to the "ready" and "exit" status lines.
"""

import argparse
import os
import re
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

DEFAULT_GUEST = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
                             "sandbench", "guest")
# rtc=on, not the contract's rtc=off: without a CMOS RTC this kernel spends 2 x 1 s waiting for it
# (boot-time clock read and the rtc_cmos probe), and the guest clock would start at 1970.
MACHINE = "microvm,x-option-roms=off,rtc=on"
# Set from the command line: for experiments with the machine type and the kernel command line.
OPTIONS = argparse.Namespace(machine=MACHINE, append_extra="")
PORTS = ("config", "program", "stdout", "stderr", "status")


def host_tsc_khz():
    """The guest's TSC under TCG is the host's; telling the guest its rate skips a calibration that
    hangs about two boots in three."""
    try:
        with open("/sys/devices/system/cpu/cpu0/tsc_freq_khz") as f:
            return int(f.read())
    except (OSError, ValueError):
        pass
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("cpu MHz"):
                return int(float(line.split(":")[1]) * 1000)
    return 0


def qemu_command(guest, vm_mb, smp, fds, console_log, khz, machine=MACHINE, append_extra=""):
    cmd = ["qemu-system-x86_64", "-M", machine, "-accel", "tcg",
           "-cpu", "max", "-m", str(vm_mb), "-smp", str(smp),
           "-nodefaults", "-no-user-config", "-display", "none", "-no-reboot", "-nic", "none",
           "-serial", "file:" + console_log,
           "-kernel", os.path.join(guest, "vmlinux"), "-initrd", os.path.join(guest, "initramfs.cpio"),
           "-append", "console=ttyS0 quiet loglevel=1 panic=-1 random.trust_cpu=on "
                      "tsc_early_khz=%d rdinit=/init%s" % (khz, append_extra and " " + append_extra),
           "-device", "virtio-serial-device",
           # The read-only root drive the program runs in, as the tier attaches it.
           "-drive", "id=root,if=none,format=raw,readonly=on,file.locking=off,file="
                     + os.path.join(guest, "root.erofs"),
           "-device", "virtio-blk-device,drive=root"]
    for name in PORTS:
        cmd += ["-chardev", "socket,id=%s,fd=%d" % (name, fds[name]),
                "-device", "virtserialport,chardev=%s,name=sandbench.%s" % (name, name)]
    return cmd


class Result:
    def __init__(self):
        self.stdout = b""
        self.stderr = b""
        self.status_lines = []
        self.t_ready = None
        self.t_exit = None
        self.t_drained = None
        self.t_sent = None
        self.t_qemu_exit = None
        self.console = ""
        self.timed_out = False

    @property
    def exit_line(self):
        for line in self.status_lines:
            if line.startswith(("exit ", "error ")):
                return line
        return None

    @property
    def output_counts(self):
        m = re.search(r" stdout=(\d+) stderr=(\d+)", self.exit_line or "")
        return (int(m.group(1)), int(m.group(2))) if m else None

    @property
    def exit_status(self):
        m = re.match(r"exit (-?\d+) oom=(\d+)", self.exit_line or "")
        return (int(m.group(1)), int(m.group(2))) if m else (None, None)


def run(program, guest=DEFAULT_GUEST, memory_mb=256, processes=64, cpu_s=10, file_size_mb=64,
        workdir_mb=64, vm_mb=None, smp=1, env=("PYTHONUNBUFFERED=1",),
        interpreter="/usr/bin/python3 -I -u", after_ready=False, warm_delay=0.0, timeout=60, extra_config="",
        close_mode="shutdown"):
    """Boots one VM, runs `program` (bytes), returns a Result. close_mode: how the host ends the
    config/program streams: "shutdown" (SHUT_WR, fd kept open until QEMU exits: works) or "close"
    (QEMU sees a hang-up and drops what the guest had not read yet: the config, always)."""
    if vm_mb is None:
        vm_mb = memory_mb + workdir_mb + 128
    ours, theirs = {}, {}
    for name in PORTS:
        a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        ours[name], theirs[name] = a, b
    tmpdir = tempfile.mkdtemp(prefix="try-guest.")
    console_log = os.path.join(tmpdir, "console.log")
    cmd = qemu_command(guest, vm_mb, smp, {n: s.fileno() for n, s in theirs.items()}, console_log,
                       host_tsc_khz(), machine=OPTIONS.machine, append_extra=OPTIONS.append_extra)
    res = Result()
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, pass_fds=[s.fileno() for s in theirs.values()],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    for s in theirs.values():
        s.close()

    def end_stream(sock):
        if close_mode == "shutdown":
            sock.shutdown(socket.SHUT_WR)
        else:
            sock.close()

    config = "".join("%s=%s\n" % kv for kv in [
        ("memory_mb", memory_mb), ("processes", processes), ("cpu_s", cpu_s),
        ("file_size_mb", file_size_mb), ("workdir_mb", workdir_mb), ("interpreter", interpreter)])
    config += "".join("env=%s\n" % e for e in env) + extra_config
    ours["config"].sendall(config.encode())
    end_stream(ours["config"])

    def send_program_blocking():
        try:
            ours["program"].sendall(program)
            end_stream(ours["program"])
        except OSError:
            pass  # the guest went away (setup error): the status line tells why

    def send_program():
        # A thread: a program larger than the socket buffer is only taken as the guest reads it.
        threading.Thread(target=send_program_blocking, daemon=True).start()

    if not after_ready:
        send_program()
    sel = selectors.DefaultSelector()
    for name in ("stdout", "stderr", "status"):
        ours[name].setblocking(False)
        sel.register(ours[name], selectors.EVENT_READ, name)
    status_buf = b""
    acked = False
    open_streams = 3
    deadline = t0 + timeout
    while open_streams and time.monotonic() < deadline:
        for key, _ in sel.select(timeout=0.2):
            name = key.data
            try:
                data = key.fileobj.recv(65536)
            except BlockingIOError:
                continue
            if not data:
                sel.unregister(key.fileobj)
                open_streams -= 1
                continue
            if name == "stdout":
                res.stdout += data
            elif name == "stderr":
                res.stderr += data
            else:
                status_buf += data
                while b"\n" in status_buf:
                    line, status_buf = status_buf.split(b"\n", 1)
                    line = line.decode(errors="replace")
                    res.status_lines.append(line)
                    now = time.monotonic() - t0
                    if line == "ready" and res.t_ready is None:
                        res.t_ready = now
                        if after_ready:
                            # A warm VM waits in the pool with Python started and blocked on stdin;
                            # warm_delay lets the interpreter get there before the program comes.
                            if warm_delay:
                                time.sleep(warm_delay)
                            res.t_sent = time.monotonic() - t0
                            send_program()
                    elif line.startswith(("exit ", "error ")):
                        res.t_exit = now
        # The exit line says how many bytes the guest queued on stdout/stderr; once we have them
        # all, end our side of the status stream so the guest powers off (killing QEMU would do too).
        if res.t_exit is not None and not acked:
            want = res.output_counts
            if want is None or (len(res.stdout) >= want[0] and len(res.stderr) >= want[1]):
                res.t_drained = time.monotonic() - t0
                ours["status"].shutdown(socket.SHUT_WR)
                acked = True
        if proc.poll() is not None and res.t_qemu_exit is None:
            res.t_qemu_exit = time.monotonic() - t0
    if open_streams:
        res.timed_out = res.t_exit is None
        proc.kill()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    if res.t_qemu_exit is None:
        res.t_qemu_exit = time.monotonic() - t0
    qemu_out = proc.stdout.read().decode(errors="replace")
    for s in ours.values():
        s.close()
    try:
        with open(console_log, errors="replace") as f:
            res.console = f.read()
    except OSError:
        pass
    res.console += qemu_out
    for f in os.listdir(tmpdir):
        os.unlink(os.path.join(tmpdir, f))
    os.rmdir(tmpdir)
    return res


def show(res):
    print("stdout: %r" % res.stdout[:2000])
    print("stderr: %r" % res.stderr[:2000])
    print("status: %r" % res.status_lines)
    fmt = lambda t: "-" if t is None else "%.3f s" % t
    print("ready at %s, program sent at %s, exit status at %s, output drained at %s, QEMU gone at %s"
          % (fmt(res.t_ready), fmt(res.t_sent if res.t_sent is not None else 0.0), fmt(res.t_exit),
             fmt(res.t_drained), fmt(res.t_qemu_exit)))
    if res.timed_out or res.exit_line is None:
        print("console:\n" + res.console[-3000:])


# --- self test ------------------------------------------------------------------------------------

CHECKS = []


def check(name, **kw):
    def deco(fn):
        CHECKS.append((name, kw, fn))
        return fn
    return deco


def P(src):
    return src.strip().encode() + b"\n"


@check("print(1)", program=P("print(1)"))
def _(r):
    return r.stdout == b"1\n" and r.stderr == b"" and r.exit_status == (0, 0)


@check("stdout/stderr separate and binary-safe", program=P(r"""
import sys
data = bytes(range(256)) * 4096
sys.stdout.buffer.write(data); sys.stdout.flush()
sys.stderr.buffer.write(data[::-1] + b"\x00end"); sys.stderr.flush()
"""))
def _(r):
    data = bytes(range(256)) * 4096
    return r.stdout == data and r.stderr == data[::-1] + b"\x00end" and r.exit_status[0] == 0 \
        and r.output_counts == (len(data), len(data) + 4)


@check("sys.exit(3) -> exit 3", program=P("import sys; sys.exit(3)"))
def _(r):
    return r.exit_status == (3, 0)


@check("SIGKILL itself -> exit 137", program=P("import os; os.kill(os.getpid(), 9)"))
def _(r):
    return r.exit_status[0] == 137


@check("SIGINT -> KeyboardInterrupt (default signal dispositions)",
       program=P("import os, signal; print(open('/proc/self/status').read().split('SigIgn:')[1].split()[0]);"
                 "os.kill(os.getpid(), signal.SIGINT)"))
def _(r):
    ignored = int(r.stdout.strip(), 16)  # Python itself ignores SIGPIPE and SIGXFSZ; INT/QUIT must not be
    return ignored & 0b110 == 0 and b"KeyboardInterrupt" in r.stderr and r.exit_status[0] == 130


@check("512 MB bytearray under memory_mb=256 -> MemoryError", memory_mb=256, program=P("""
try:
    b = bytearray(512 * 1024 * 1024)
    print("allocated")
except MemoryError:
    print("MemoryError")
"""))
def _(r):
    return r.stdout == b"MemoryError\n" and r.exit_status == (0, 0)


@check("fork flood under processes=20 -> EAGAIN", processes=20, program=P("""
import os, errno, time
n = 0
try:
    for _ in range(200):
        if os.fork() == 0:
            time.sleep(30); os._exit(0)
        n += 1
    print("no limit", n)
except OSError as e:
    print(errno.errorcode[e.errno], n)
"""))
def _(r):
    return r.stdout.startswith(b"EAGAIN ") and int(r.stdout.split()[1]) < 20 and r.exit_status[0] == 0


@check("filling /tmp -> ENOSPC", workdir_mb=16, file_size_mb=64, program=P("""
import errno
try:
    with open("/tmp/fill", "wb") as f:
        for _ in range(64):
            f.write(b"x" * 1024 * 1024)
    print("no limit")
except OSError as e:
    print(errno.errorcode[e.errno])
"""))
def _(r):
    return r.stdout == b"ENOSPC\n"


@check("file_size_mb=4 -> EFBIG", workdir_mb=32, file_size_mb=4, program=P("""
import errno, signal
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
try:
    with open("/tmp/big", "wb") as f:
        f.write(b"x" * 5 * 1024 * 1024)
    print("no limit")
except OSError as e:
    print(errno.errorcode[e.errno])
"""))
def _(r):
    return r.stdout == b"EFBIG\n"


@check("identity, cwd, environment, capabilities, limits", env=("A=1 2", "B=x=y"), program=P(r"""
import os, resource
st = dict(l.split(":\t", 1) for l in open("/proc/self/status").read().splitlines() if ":\t" in l)
print(os.getuid(), os.geteuid(), os.getgid(), os.getcwd(), sorted(os.environ.items()))
print(st["CapPrm"].strip(), st["CapEff"].strip(), st["CapAmb"].strip())
print([resource.getrlimit(r) for r in (resource.RLIMIT_AS, resource.RLIMIT_NPROC, resource.RLIMIT_CPU,
       resource.RLIMIT_FSIZE, resource.RLIMIT_CORE)])
print(sorted(os.listdir("/etc")), oct(os.stat("/tmp").st_mode))
"""))
def _(r):
    lines = r.stdout.decode().splitlines()
    return (len(lines) == 4
            and lines[0] == "65534 65534 65534 /tmp [('A', '1 2'), ('B', 'x=y')]"
            and lines[1] == "0000000000000000 0000000000000000 0000000000000000"
            and lines[2] == str([(256 << 20,) * 2, (64,) * 2, (10, 11), (64 << 20,) * 2, (0, 0)])
            and lines[3] == "['group', 'hosts', 'passwd'] 0o41777")


@check("no secrets readable, ports not openable", program=P("""
import os, glob
bad = [p for p in ["/etc/shadow", "/root", "/proc/1/environ"] if os.access(p, os.R_OK)]
bad += [p for p in glob.glob("/dev/vport*") if os.access(p, os.W_OK) or os.access(p, os.R_OK)]
print(bad)
"""))
def _(r):
    return r.stdout == b"[]\n"


@check("connect to 127.0.0.1 fails; no other interface", program=P("""
import socket, errno, os
try:
    socket.create_connection(("127.0.0.1", 80), timeout=2)
    print("connected")
except OSError as e:
    print(errno.errorcode.get(e.errno, e))
print(sorted(os.listdir("/sys/class/net")))
"""))
def _(r):
    first, second = r.stdout.decode().splitlines()
    return first in ("ECONNREFUSED", "ENETUNREACH") and second == "['lo']"


@check("multiprocessing (POSIX semaphores in /dev/shm) and a pty", program=P("""
import multiprocessing as mp, os
q = mp.Queue()
p = mp.Process(target=q.put, args=(42,))
p.start(); print(q.get()); p.join()
master, slave = os.openpty()
os.write(slave, b"tty\\n"); print(os.read(master, 10), os.ttyname(slave).startswith("/dev/pts/"))
"""))
def _(r):
    return r.stdout == b"42\nb'tty\\r\\n' True\n"


@check("the program has no children it did not make (os.wait)", program=P("""
import os, time
time.sleep(0.5)
try:
    print(os.wait())
except ChildProcessError:
    print("no children")
"""))
def _(r):
    return r.stdout == b"no children\n"


@check("CPU loop dies at cpu_s=2 (SIGXCPU -> 152)", cpu_s=2, program=P("while True: pass"))
def _(r):
    return r.exit_status[0] == 128 + 24 and r.t_exit - r.t_ready < 10


@check("SIGXCPU ignored -> SIGKILL 1 s later (137)", cpu_s=1, program=P(
    "import signal; signal.signal(signal.SIGXCPU, signal.SIG_IGN)\nwhile True: pass"))
def _(r):
    return r.exit_status[0] == 137


@check("unlimited output through stdout (8 MiB)", program=P("""
import sys
chunk = b"0123456789abcdef" * 4096
for _ in range(128):
    sys.stdout.buffer.write(chunk)
"""))
def _(r):
    return len(r.stdout) == 8 << 20 and r.exit_status[0] == 0


# Not much larger: with -u (or PYTHONUNBUFFERED) CPython reads its program from stdin one byte per
# read() call, so a multi-MiB program costs seconds of CPU time under TCG.
@check("large program (512 KiB source) arrives whole",
       program=b"".join(b"# %062d\n" % i for i in range(8192)) + b"print('end')\n")
def _(r):
    return r.stdout == b"end\n"


@check("program sent after ready (warm hand-over)", after_ready=True, program=P("print('warm')"))
def _(r):
    return r.stdout == b"warm\n" and r.status_lines[0] == "ready"


@check("bad config -> error line", extra_config="env=-bad\n", program=P("print(1)"))
def _(r):
    return r.exit_line is not None and r.exit_line.startswith("error ")


@check("guest OOM killer is counted", memory_mb=2048, workdir_mb=16, vm_mb=320, program=P("""
chunks = []
while True:
    chunks.append(bytearray(16 * 1024 * 1024))
"""))
def _(r):
    return r.exit_status[0] == 137 and r.exit_status[1] >= 1


def selftest(args):
    failed = 0
    for name, kw, fn in CHECKS:
        if args.only and args.only not in name:
            continue
        kw = dict(kw)
        program = kw.pop("program")
        r = run(program, guest=args.guest, **kw)
        try:
            ok = bool(fn(r))
        except Exception as e:  # a malformed result is a failure, not a crash of the test
            ok = False
            print("  (check raised %r)" % e)
        failed += not ok
        print("%s  %-60s exit=%r ready=%s exit_at=%s" % ("PASS" if ok else "FAIL", name, r.exit_line,
              "%.2f" % r.t_ready if r.t_ready else "-", "%.2f" % r.t_exit if r.t_exit else "-"))
        if not ok:
            print("  stdout=%r\n  stderr=%r\n  status=%r" % (r.stdout[:300], r.stderr[-600:], r.status_lines))
            if r.exit_line is None:
                print("  console: " + r.console[-1500:].replace("\n", "\n  "))
    print("%d passed, %d failed" % (len(CHECKS) - failed if not args.only else
                                    sum(1 for c in CHECKS if args.only in c[0]) - failed, failed))
    return 1 if failed else 0


def bench(args):
    n = args.runs
    cold = []
    for _ in range(n):
        r = run(b"print(1)\n", guest=args.guest, vm_mb=args.vm_mb, smp=args.smp)
        assert r.stdout == b"1\n", (r.stdout, r.stderr, r.status_lines, r.console[-2000:])
        cold.append((r.t_ready, r.t_exit, r.t_qemu_exit))
    print("cold print(1), %d runs, -m %s -smp %d, -M %s, extra append %r:"
          % (n, args.vm_mb or "auto", args.smp, OPTIONS.machine, OPTIONS.append_extra))
    for label, i in (("ready", 0), ("exit status", 1), ("QEMU exited", 2)):
        vals = [c[i] for c in cold]
        print("  %-12s median %.3f s  (min %.3f, max %.3f)" % (label, statistics.median(vals), min(vals), max(vals)))
    for delay in (0.0, 3.0):
        warm = []
        for _ in range(n):
            r = run(b"print(1)\n", guest=args.guest, vm_mb=args.vm_mb, smp=args.smp, after_ready=True,
                    warm_delay=delay)
            assert r.stdout == b"1\n", (r.stdout, r.stderr, r.status_lines)
            warm.append(r.t_exit - r.t_sent)
        print("  warm hand-over, program sent %.0f s after ready -> exit status: median %.3f s (min %.3f, max %.3f)"
              % (delay, statistics.median(warm), min(warm), max(warm)))
    if args.find_min_mem:
        for vm_mb in (256, 288, 320, 352, 384, 416, 448, 512):
            r = run(P("b = bytearray(250 * 1024 * 1024); b[::4096] = b'x' * len(b[::4096]); print(len(b))"),
                    guest=args.guest, vm_mb=vm_mb, memory_mb=256, smp=args.smp)
            ok = r.stdout == b"262144000\n" and r.exit_status == (0, 0)
            print("  -m %d with memory_mb=256, program touching 250 MB: %s %r" % (vm_mb, "ok" if ok else "FAILS", r.exit_line))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("program", nargs="?", help="program file ('-' for stdin)")
    ap.add_argument("-c", dest="code", help="program text")
    ap.add_argument("--guest", default=DEFAULT_GUEST, help="folder with vmlinux, initramfs.cpio and root.erofs")
    ap.add_argument("--memory-mb", type=int, default=256)
    ap.add_argument("--processes", type=int, default=64)
    ap.add_argument("--cpu-s", type=int, default=10)
    ap.add_argument("--file-size-mb", type=int, default=64)
    ap.add_argument("--workdir-mb", type=int, default=64)
    ap.add_argument("--vm-mb", type=int, help="QEMU -m (default memory_mb + workdir_mb + 128)")
    ap.add_argument("--smp", type=int, default=1)
    ap.add_argument("--env", action="append", default=None, help="NAME=VALUE for the program (repeatable)")
    ap.add_argument("--interpreter", default="/usr/bin/python3 -I -u")
    ap.add_argument("--after-ready", action="store_true", help="send the program only after 'ready'")
    ap.add_argument("--warm-delay", type=float, default=0.0, help="with --after-ready: wait this long after 'ready'")
    ap.add_argument("--close-mode", choices=("close", "shutdown"), default="shutdown")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--console", action="store_true", help="print the guest console log")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("--only", help="with --selftest: only checks whose name contains this")
    ap.add_argument("--bench", action="store_true")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--find-min-mem", action="store_true", help="with --bench: try smaller -m values")
    ap.add_argument("--machine", default=MACHINE, help="QEMU -M value (default %(default)s)")
    ap.add_argument("--append-extra", default="", help="more kernel command line parameters")
    args = ap.parse_args()
    OPTIONS.machine, OPTIONS.append_extra = args.machine, args.append_extra
    if args.selftest:
        return selftest(args)
    if args.bench:
        return bench(args)
    if args.code is not None:
        program = args.code.encode() + b"\n"
    elif args.program == "-":
        program = sys.stdin.buffer.read()
    elif args.program:
        with open(args.program, "rb") as f:
            program = f.read()
    else:
        ap.error("give a program file or -c CODE")
    res = run(program, guest=args.guest, memory_mb=args.memory_mb, processes=args.processes,
              cpu_s=args.cpu_s, file_size_mb=args.file_size_mb, workdir_mb=args.workdir_mb,
              vm_mb=args.vm_mb, smp=args.smp, env=tuple(args.env or ("PYTHONUNBUFFERED=1",)),
              interpreter=args.interpreter, after_ready=args.after_ready, warm_delay=args.warm_delay,
              timeout=args.timeout,
              close_mode=args.close_mode)
    show(res)
    if args.console:
        print("console:\n" + res.console)
    return 0 if res.exit_line and res.exit_line.startswith("exit ") else 1


if __name__ == "__main__":
    sys.exit(main())
