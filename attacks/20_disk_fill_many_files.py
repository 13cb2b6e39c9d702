# name: Disk fill (400 x 512 KB)
# category: filesystem
# expect: marker DISK_FILLED
# 200 MB in 400 files of 512 KB each, every one under the 1 MB file-size limit, so only a cap on the
# working folder's total size (or inode count) can stop it. Deleted afterwards.
import errno
import os
import sys

COUNT = 400
SIZE = 512 * 1024
CHUNK = b"x" * SIZE

work = os.getcwd()
written = []
failure = None
try:
    for i in range(COUNT):
        path = os.path.join(work, f"fill-@RUN_NAME@-{i:03d}")
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
    print("DISK_FILLED", f"{COUNT} files x {SIZE // 1024} KB = {COUNT * SIZE >> 20} MB in {work} (removed)")
    sys.exit(0)
operation, name, done = failure
print(f"{done} files ({done * SIZE >> 20} MB) written before it failed", file=sys.stderr)
print(f"DENIED {operation} {name}", file=sys.stderr)
sys.exit(1)
