# name: Egress: read the secret's real value
# category: secrets
# expect: egress
# network: allow
# include: egress_client
# Looks for the secret's real value (its format, "@SECRET_PREFIX@…", is public, as an API key's is)
# everywhere it can read: its own variable and environment, every process's environment and command line,
# and the files of the working folder, /tmp and the home folder. The judge looks for the real value itself
# in what this prints, each find printed at once. Between the quick searches and the files it uses the key as
# intended, through the proxy, to show that it can without ever seeing it.
import os
import sys

PREFIX = "@SECRET_PREFIX@".encode()
found = set()


def search(data):
    at = data.find(PREFIX)
    while at >= 0 and len(found) < 20:
        end = at + len(PREFIX)
        while end < len(data) and chr(data[end]).isalnum():
            end += 1
        value = data[at:end].decode("ascii", "replace")
        if value not in found:
            found.add(value)
            print("FOUND", value, flush=True)  # at once: a deadline later must not hide it
        at = data.find(PREFIX, end)


def read(path, limit=1 << 14):
    try:
        with open(path, "rb") as f:
            return f.read(limit)
    except OSError:
        return b""


key = os.environ.get("@SECRET_ENV_NAME@", "")
search(key.encode())
for pid in os.listdir("/proc")[:5000]:
    if pid.isdigit():
        search(read(f"/proc/{pid}/environ"))
        search(read(f"/proc/{pid}/cmdline"))
# Using the key, as intended, before the slower search of the files.
if key:
    try:
        fetch("https", "@ALLOWED_HOST@", @WEB_PORT@, "/@RUN_NAME@/use-the-key",
              headers={"Authorization": "Bearer " + key})
    except OSError:
        pass
budget = 600  # files, 16 KB of each: bounded on an unsandboxed machine too
for top in [os.getcwd(), "/tmp", os.path.expanduser("~")]:
    for folder, subfolders, files in os.walk(top):
        if folder.count(os.sep) - top.count(os.sep) >= 3:
            subfolders.clear()
        for name in files:
            budget -= 1
            if budget < 0 or found:
                break
            search(read(os.path.join(folder, name)))
if not found:
    print(f"DENIED search({PREFIX.decode()}) ENOENT", file=sys.stderr)
    sys.exit(1)
