# name: Output flood (20 MB)
# category: resources
# expect: marker FLOOD_COMPLETE
# runs: alone
# 20 MB to stdout in 64 KB lines, then the marker at the very end: it reaches the judge only when the
# whole flood got through uncapped. A tier that caps the output (keeping the first bytes and dropping
# the rest) loses the marker, and must neither block the writer nor grow its own memory doing so.
import errno
import sys

TOTAL = 20 * 1024 * 1024
LINE = b"F" * 65535 + b"\n"
out = sys.stdout.buffer
written = 0
try:
    while written < TOTAL:
        out.write(LINE)
        written += len(LINE)
    out.write(b"\nFLOOD_COMPLETE after %d bytes\n" % written)
    out.flush()
except OSError as e:
    print(f"DENIED write(stdout, after {written} bytes) {errno.errorcode.get(e.errno, e.errno)}",
          file=sys.stderr)
    sys.exit(1)
