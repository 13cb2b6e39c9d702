# name: Disk fill (400 x 512 KB)
# category: filesystem
# expect: marker DISK_FILLED
# runs: alone
# include: fill_folder
# 200 MB in 400 files of 512 KB each, every one under the 1 MB file-size limit, so only a cap on the
# working folder's total size (or inode count) can stop it. Deleted afterwards.
import os
import sys

COUNT = 400
SIZE = 512 * 1024

work = os.getcwd()
failure = fill_folder(os.path.join(work, "fill-@RUN_NAME@"), COUNT, SIZE)

if failure is None:
    print("DISK_FILLED", f"{COUNT} files x {SIZE // 1024} KB = {COUNT * SIZE >> 20} MB in {work} (removed)")
    sys.exit(0)
operation, name, done = failure
print(f"{done} files ({done * SIZE >> 20} MB) written before it failed", file=sys.stderr)
print(f"DENIED {operation} {name}", file=sys.stderr)
sys.exit(1)
