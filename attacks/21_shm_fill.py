# name: Fill /dev/shm (128 MB)
# category: filesystem
# expect: marker SHM_FILLED
# /dev/shm is a tmpfs in the host's memory, often half its RAM and shared by every process. 128 MB in
# files of 512 KB (each under the file-size limit, so only the size of /dev/shm can stop it), named after
# the run and removed afterwards.
import errno
import os
import sys

FOLDER = "/dev/shm"
COUNT = 256
SIZE = 512 * 1024
CHUNK = b"x" * SIZE

written = []
failure = None
try:
    for i in range(COUNT):
        path = os.path.join(FOLDER, f"sandbench-@RUN_NAME@-{i:03d}")
        operation = f"open({path})"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            written.append(path)
            try:
                operation = f"write({path})"
                view = memoryview(CHUNK)
                while view:
                    view = view[os.write(fd, view):]
            finally:
                os.close(fd)
        except OSError as e:
            failure = (operation, errno.errorcode.get(e.errno, str(e.errno)), i)
            break
finally:
    for path in written:
        try:
            os.unlink(path)
        except OSError:
            pass

if failure is None:
    print("SHM_FILLED", f"{COUNT * SIZE >> 20} MB in {FOLDER} ({os.path.realpath(FOLDER)}), removed")
    sys.exit(0)
operation, name, done = failure
print(f"{done} files ({done * SIZE >> 20} MB) written to {FOLDER} ({os.path.realpath(FOLDER)}) before it failed",
      file=sys.stderr)
print(f"DENIED {operation} {name}", file=sys.stderr)
sys.exit(1)
