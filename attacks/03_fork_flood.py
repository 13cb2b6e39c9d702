# name: Fork flood (200 procs)
# category: processes
# expect: marker ALL_FORKED
# runs: alone
# Bounded: 200 children that each sleep 3 s and leave, so it is harmless without a sandbox.
import os
import sys
import time

forked = 0
for _ in range(200):
    try:
        pid = os.fork()
    except OSError as e:
        # Named so the evidence can show EAGAIN from the process limit.
        print(f"fork: {type(e).__name__}: {e}", file=sys.stderr)
        break
    if pid == 0:
        try:
            time.sleep(3)
        finally:
            os._exit(0)  # never run the parent's code or flush its buffers
    forked += 1
print("ALL_FORKED" if forked == 200 else "LIMITED")
