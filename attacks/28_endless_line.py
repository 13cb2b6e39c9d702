# name: One 20 MB line (no newline)
# category: resources
# expect: marker LINE_COMPLETE
# runs: alone
# 20 MB of stdout without a single newline, the marker at its very end and still no newline after it:
# it reaches the judge only when the tier neither caps the output nor holds a line back until a newline
# that never comes (nor chokes on one line of that size).
import errno
import sys

TOTAL = 20 * 1024 * 1024
CHUNK = b"L" * 65536
out = sys.stdout.buffer
written = 0
try:
    while written < TOTAL:
        out.write(CHUNK)
        written += len(CHUNK)
    out.write(b" LINE_COMPLETE after %d bytes" % written)
    out.flush()
except OSError as e:
    print(f"DENIED write(stdout, after {written} bytes) {errno.errorcode.get(e.errno, e.errno)}",
          file=sys.stderr)
    sys.exit(1)
