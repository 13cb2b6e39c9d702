# name: Queue every pending signal of the uid
# category: resources
# expect: starves signals
# runs: alone
# Queued real-time signals are counted per host user (RLIMIT_SIGPENDING, tens of thousands) at every level
# of nested user namespaces, against the limits their creators had. Block every real-time signal and queue
# them to this thread (tgkill, so an overflow fails with EAGAIN instead of dropping the signal) until the
# kernel refuses, at most 200,000; say HOLDING and keep them queued 3 s while the harness queues one in its
# own process on the host. Through when that fails. Nothing is ever delivered: the signals stay blocked
# until the process exits.
import errno
import signal
import sys
import threading
import time

signals = list(range(signal.SIGRTMIN, signal.SIGRTMAX + 1))
signal.pthread_sigmask(signal.SIG_BLOCK, signals)
me = threading.get_ident()
held, error = 0, 0
try:
    while held < 200000:
        signal.pthread_kill(me, signals[held % len(signals)])
        held += 1
except OSError as e:
    error = e.errno
if held == 0:
    print("DENIED pthread_kill %s" % errno.errorcode.get(error, error), file=sys.stderr)
    sys.exit(1)
print("HOLDING %d queued signals, then %s" % (held, errno.errorcode.get(error, "no error")), flush=True)
time.sleep(3)
