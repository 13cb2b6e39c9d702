# name: Disk fill (50 MB)
# category: disk
# expect: marker WROTE
# runs: alone
# 50 MB into the working folder, which the tier removes after the run.
import sys

try:
    with open("big.bin", "wb") as f:
        f.write(b"x" * (50 * 1024 * 1024))
except OSError as e:
    print(f"{type(e).__name__}: {e}", file=sys.stderr)  # e.g. "OSError: [Errno 27] File too large"
    sys.exit(1)
print("WROTE")
