# name: Fill /dev/shm (128 MB)
# category: filesystem
# expect: marker SHM_FILLED
# runs: alone
# include: fill_folder
# /dev/shm is a tmpfs in the host's memory, often half its RAM and shared by every process. 128 MB in
# files of 512 KB (each under the file-size limit, so only the size of /dev/shm can stop it), named after
# the run and removed afterwards.
import os
import sys

FOLDER = "/dev/shm"
COUNT = 256
SIZE = 512 * 1024

failure = fill_folder(os.path.join(FOLDER, "sandbench-@RUN_NAME@"), COUNT, SIZE)

if failure is None:
    print("SHM_FILLED", f"{COUNT * SIZE >> 20} MB in {FOLDER} ({os.path.realpath(FOLDER)}), removed")
    sys.exit(0)
operation, name, done = failure
print(f"{done} files ({done * SIZE >> 20} MB) written to {FOLDER} ({os.path.realpath(FOLDER)}) before it failed",
      file=sys.stderr)
print(f"DENIED {operation} {name}", file=sys.stderr)
sys.exit(1)
