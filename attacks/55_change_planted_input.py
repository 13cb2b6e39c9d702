# name: Change a planted input in /data
# category: filesystem
# expect: marker INPUT_CHANGED
# inputs: planted
# expected: e2b
# The policy's inputs are host files shown read-only at /data. The harness plants a host folder with a
# marked file for this run, gives it as the run's input, and checks after the run that the host's copy is
# exactly as planted (bytes, mode, mtime, no file added or removed): a changed host input is ALLOWED
# whatever this prints. It tries every way to change it: append to the file, chmod it, create a file beside
# it, rename it, unlink it. Only the harness's planted folder (removed after the run) is touched.
# On E2B the inputs are copies uploaded as root and the code-interpreter's kernel runs as root, so it can
# change its copy (never the host's, which the harness checks): "expected" there, as README says.
import errno
import os
import sys

FOLDER = "@INPUT_DIR@"
TARGET = "@INPUT_PATH@"
MOVED = os.path.join(FOLDER, "notes-@RUN_NAME@.txt")


def errname(e):
    return errno.errorcode.get(e.errno, str(e.errno))


def append():
    with open(TARGET, "a") as f:
        f.write("changed by the sandbox\n")


def create(path):
    def make():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.close(fd)
    return make


changed = []
refusals = []
steps = [
    (f"write({TARGET})", append),
    (f"chmod({TARGET})", lambda: os.chmod(TARGET, 0o777)),
    (f"create({FOLDER}/new-@RUN_NAME@)", create(os.path.join(FOLDER, "new-@RUN_NAME@"))),
    (f"rename({TARGET})", lambda: os.rename(TARGET, MOVED)),
    (f"unlink({TARGET})", lambda: os.unlink(MOVED if os.path.exists(MOVED) else TARGET)),
]
for operation, step in steps:
    try:
        step()
        changed.append(operation)
    except OSError as e:
        refusals.append(f"DENIED {operation} {errname(e)}")

if changed:
    print("INPUT_CHANGED", ", ".join(changed))
    sys.exit(0)
for line in refusals:
    print(line, file=sys.stderr)
sys.exit(1)
