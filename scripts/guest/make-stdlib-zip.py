"""Compiles a CPython standard library tree into one deterministic zip (e.g. python311.zip).

Run it with the guest's own interpreter (the Debian python3.11 unpacked by build-guest-image.sh), so
the bytecode magic matches the interpreter that will import it.

Usage: python3.11 make-stdlib-zip.py STDLIB_DIR OUT_ZIP [--deflate]

Reproducible: entries are sorted, every timestamp is 1980-01-01, permissions are fixed, and the .pyc
files are unchecked-hash based (PEP 552), so neither the build time nor file mtimes reach the output.
Only bytecode goes in (no .py sources: smaller, and the zip is never used for anything but import).
"""

import importlib.util
import os
import sys
import zipfile

# Never worth shipping to the guest: Debian's sitecustomize only tries to import apport (a wasted
# failed import on every start); the other two are packaging metadata, not modules.
SKIP_FILES = {"sitecustomize.py", "EXTERNALLY-MANAGED", "LICENSE.txt"}
# lib-dynload stays outside the zip (extension modules cannot be imported from a zip); __pycache__ of
# the unpacked tree is ignored because we compile ourselves.
SKIP_DIRS = {"lib-dynload", "__pycache__", "site-packages", "dist-packages"}
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def add(zf, name, data, compress):
    info = zipfile.ZipInfo(name, FIXED_DATE)
    info.create_system = 3  # unix, so external_attr means mode bits
    info.external_attr = (0o40755 if name.endswith("/") else 0o100644) << 16
    info.compress_type = compress if data else zipfile.ZIP_STORED
    zf.writestr(info, data)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        sys.exit(__doc__)
    src, out = args
    compress = zipfile.ZIP_DEFLATED if "--deflate" in sys.argv else zipfile.ZIP_STORED
    entries = {}
    for root, dirs, files in os.walk(src, followlinks=False):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        rel_root = os.path.relpath(root, src)
        prefix = "" if rel_root == "." else rel_root.replace(os.sep, "/") + "/"
        if prefix:
            # Directory entries make namespace packages importable from the zip (zipimport checks them).
            entries[prefix] = b""
        for f in files:
            if f in SKIP_FILES:
                continue
            path = os.path.join(root, f)
            if os.path.islink(path):
                target = os.path.realpath(path)
                if not target.startswith(os.path.realpath(src) + os.sep):
                    continue  # points outside the stdlib tree (e.g. /etc): not ours to ship
                path = target
            with open(path, "rb") as fh:
                data = fh.read()
            if f.endswith(".py"):
                # co_filename points into the zip, so tracebacks name a real importable location.
                dfile = "/usr/lib/python%d%d.zip/%s%s" % (sys.version_info[:2] + (prefix, f))
                code = compile(data, dfile, "exec", dont_inherit=True, optimize=0)
                pyc = importlib._bootstrap_external._code_to_hash_pyc(
                    code, importlib.util.source_hash(data), checked=False)
                entries[prefix + f[:-3] + ".pyc"] = bytes(pyc)
            else:
                entries[prefix + f] = data  # package data (css, activate scripts, ...)
    tmp = out + ".tmp"
    with zipfile.ZipFile(tmp, "w") as zf:
        for name in sorted(entries):
            add(zf, name, entries[name], compress)
    os.replace(tmp, out)
    print("%s: %d entries" % (out, len(entries)))


if __name__ == "__main__":
    main()
