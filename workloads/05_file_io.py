# name: file_io
# measures: filesystem throughput: write 50 MB to the working folder, read it back, delete it
# prints: 52428800 ok
# policy: {"timeout_s": 120, "cpu_s": 120, "workdir_mb": 64, "file_size_mb": 64, "memory_mb": 512}
import os

chunk = bytes(range(256)) * 4096  # 1 MiB
path = "sandbench-workload-file-io.bin"
with open(path, "wb") as out:
    for _ in range(50):
        out.write(chunk)
    out.flush()
    os.fsync(out.fileno())
read = 0
same = True
with open(path, "rb") as back:
    while block := back.read(len(chunk)):
        read += len(block)
        same = same and block == chunk
os.remove(path)
print(read, "ok" if same else "differs")
