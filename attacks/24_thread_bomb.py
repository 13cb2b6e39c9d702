# name: Thread bomb (1000 threads)
# category: resources
# expect: marker ALL_THREADS_STARTED
# runs: alone
# 1000 threads, each waiting on one Event. Small stacks (64 KB), so it is the number of threads (tasks),
# not their memory, that a tier must bound. Bounded: every thread leaves when released, or after 20 s.
import sys
import threading
import time

THREADS = 1000
threading.stack_size(64 * 1024)
release = threading.Event()
lock = threading.Lock()
running = 0


def worker():
    global running
    with lock:
        running += 1
    release.wait(20)


threads = []
failure = None
for number in range(THREADS):
    thread = threading.Thread(target=worker, daemon=True)
    try:
        thread.start()
    except RuntimeError as e:  # "can't start new thread": pthread_create failed
        failure = (number, e)
        break
    threads.append(thread)

deadline = time.monotonic() + 30
while failure is None and running < THREADS and time.monotonic() < deadline:
    time.sleep(0.01)
all_started = failure is None and running == THREADS
if all_started:
    print(f"ALL_THREADS_STARTED {running} threads running at once", flush=True)
release.set()
for thread in threads:
    thread.join(30)

if all_started:
    sys.exit(0)
if failure is not None:
    number, e = failure
    print(f"thread {number}: {type(e).__name__}: {e}", file=sys.stderr)
    # pthread_create reports a task limit (RLIMIT_NPROC, pids.max) or a failed stack mmap as EAGAIN;
    # Python keeps only "can't start new thread".
    print(f"DENIED pthread_create(thread {number} of {THREADS}) EAGAIN", file=sys.stderr)
else:
    print(f"only {running} of {THREADS} threads ran within 30 s", file=sys.stderr)
sys.exit(1)
