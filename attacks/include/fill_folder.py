# Shared by the fill attacks ("# include: fill_folder"): writes `count` files of `size` bytes named
# `prefix`-000, -001... and removes every one it made, however it ends. Returns None when all were written,
# else (operation, errno name, files written before it) for the judge's DENIED line.
import errno
import os


def fill_folder(prefix, count, size):
    chunk = b"x" * size
    written = []
    try:
        for i in range(count):
            path = f"{prefix}-{i:03d}"
            operation = f"open({path})"
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                written.append(path)
                try:
                    operation = f"write({path})"
                    view = memoryview(chunk)
                    while view:
                        view = view[os.write(fd, view):]
                finally:
                    os.close(fd)
            except OSError as e:
                return (operation, errno.errorcode.get(e.errno, str(e.errno)), i)
        return None
    finally:
        for path in written:
            try:
                os.unlink(path)
            except OSError:
                pass
