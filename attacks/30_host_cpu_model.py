# name: Host CPU model
# category: host-info
# expect: marker HOST_CPU_SEEN
# expected: shared-kernel microvm gvisor
# The CPU model, from /proc/cpuinfo's "model name", and where /proc hides it straight from the processor:
# the CPUID instruction's brand string (leaves 0x80000002-4) needs no privilege and no file, only a few
# bytes of machine code run through ctypes (x86-64). Without a hypervisor in between the answer is the
# host's CPU. A VM answers with the CPU its VMM describes: under TCG QEMU's own ("QEMU TCG CPU ..."), but
# under KVM the microVM tier's "-cpu host" passes the host's brand string through, hence "expected" there.
# gVisor's Sentry answers system calls, not instructions: CPUID runs on the host's processor (its ptrace
# and systrap platforms never trap it), and its /proc/cpuinfo copies the host's model name, so "expected"
# there too.
import errno
import os
import sys

HOST_CPU_MODEL = "@HOST_CPU_MODEL@".strip()


def brand_from_cpuid():
    import ctypes  # imported here: a minimal Python may lack ctypes or mmap, and /proc may still answer
    import mmap

    code = bytes.fromhex(
        "53"        # push rbx (callee-saved, cpuid clobbers it)
        "89f8"      # mov eax, edi      (leaf)
        "31c9"      # xor ecx, ecx      (subleaf 0)
        "0fa2"      # cpuid
        "8906"      # mov [rsi], eax
        "895e04"    # mov [rsi+4], ebx
        "894e08"    # mov [rsi+8], ecx
        "89560c"    # mov [rsi+12], edx
        "5b"        # pop rbx
        "c3"        # ret
    )
    page = mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
    page.write(code)
    address = ctypes.addressof(ctypes.c_char.from_buffer(page))
    cpuid = ctypes.CFUNCTYPE(None, ctypes.c_uint32, ctypes.c_void_p)(address)
    registers = (ctypes.c_uint32 * 4)()
    cpuid(0x80000000, ctypes.addressof(registers))
    if registers[0] < 0x80000004:
        raise OSError(errno.ENOTSUP, "no brand string leaves")
    brand = b""
    for leaf in (0x80000002, 0x80000003, 0x80000004):
        cpuid(leaf, ctypes.addressof(registers))
        brand += bytes(registers)
    return brand.split(b"\0", 1)[0].decode("ascii", "replace").strip()


seen = {}
refused = []
try:
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("model name"):
                seen["/proc/cpuinfo model name"] = line.split(":", 1)[1].strip()
                break
except OSError as e:
    refused.append(f"open(/proc/cpuinfo) {errno.errorcode.get(e.errno, e.errno)}")
if os.uname().machine == "x86_64":
    try:
        seen["CPUID brand string"] = brand_from_cpuid()
    except OSError as e:
        refused.append(f"cpuid(mmap PROT_EXEC) {errno.errorcode.get(e.errno, e.errno)}")
    except Exception as e:  # ctypes missing, or anything else that keeps the instruction from running
        print(f"cpuid not run: {type(e).__name__}: {e}", file=sys.stderr)

for source, model in seen.items():
    if model and model == HOST_CPU_MODEL:
        print(f"HOST_CPU_SEEN {model!r} from {source}: the host's own CPU model")
        sys.exit(0)
if seen:
    # What the sandbox showed instead; the sources it refused are only context, not the reason.
    print("sandbox value: " + ", ".join(f"{source} = {model!r}" for source, model in seen.items()) +
          f" (not the host's {HOST_CPU_MODEL!r})" + "".join(f"; refused: {what}" for what in refused),
          file=sys.stderr)
else:
    for what in refused:
        print(f"DENIED {what}", file=sys.stderr)
sys.exit(1)
