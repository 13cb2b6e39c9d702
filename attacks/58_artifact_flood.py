# name: Artifact flood (10,000 files, 1 GB sparse)
# category: resources
# expect: artifacts caps
# runs: alone
# One 1 GB sparse file (no disk behind it: ftruncate) and 10,000 small files in /tmp/outputs: a collector
# without caps returns them all, a result of 10,001 artifacts and a gigabyte. The judge looks at what came
# back against the policy's artifacts_max and artifacts_mb. Everything stays in the run's own folder.
import errno
import os
import sys

OUT = "@OUTPUTS_DIR@"
COUNT = 10000


def errname(e):
    return errno.errorcode.get(e.errno, str(e.errno))


refusals = []
try:
    os.makedirs(OUT, exist_ok=True)
except OSError as e:
    print(f"DENIED mkdir({OUT}) {errname(e)}", file=sys.stderr)
    sys.exit(1)
sparse = os.path.join(OUT, "sparse-1gb.bin")
try:
    fd = os.open(sparse, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.ftruncate(fd, 1 << 30)
        print("made a 1 GB sparse file")
    finally:
        os.close(fd)
except OSError as e:
    refusals.append(f"DENIED ftruncate({sparse},1GB) {errname(e)}")
made = 0
for i in range(COUNT):
    try:
        fd = os.open(os.path.join(OUT, f"flood-{i:05d}.txt"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, b"flood %05d\n" % i)
        finally:
            os.close(fd)
        made += 1
    except OSError as e:
        refusals.append(f"DENIED create(flood-{i:05d}.txt) {errname(e)}")
        break
print("made", made, "small files")
for line in refusals:
    print(line, file=sys.stderr)
sys.exit(1 if refusals else 0)
