#!/usr/bin/env bash
# Installs what is missing, sets up the container tier (Docker and Podman, and the image they run) and the
# microVM tier (QEMU and the guest image), so no test is skipped, builds with warnings as errors and runs
# every test with ctest, then the quick ones (label fast) under the asan preset.
# SANDBENCH_SKIP_CONTAINER_SETUP=1 / SANDBENCH_SKIP_GVISOR_SETUP=1 / SANDBENCH_SKIP_MICROVM_SETUP=1 leave a
# tier's set-up out (its tests then
# skip what is missing).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
if [ "${SANDBENCH_SKIP_CONTAINER_SETUP:-0}" != 1 ]; then
    scripts/setup-container-tier.sh || {
        echo "test.sh: the container tier could not be set up (above); SANDBENCH_SKIP_CONTAINER_SETUP=1 runs the tests without it" >&2
        exit 1
    }
fi
if [ "${SANDBENCH_SKIP_CONTAINER_SETUP:-0}" != 1 ] && [ "${SANDBENCH_SKIP_GVISOR_SETUP:-0}" != 1 ]; then
    # gVisor's runsc, registered with Docker: the gVisor tier's tests then skip nothing.
    scripts/setup-gvisor-tier.sh || {
        echo "test.sh: the gVisor tier could not be set up (above); SANDBENCH_SKIP_GVISOR_SETUP=1 runs the tests without it" >&2
        exit 1
    }
fi
if [ "${SANDBENCH_SKIP_MICROVM_SETUP:-0}" != 1 ]; then
    scripts/setup-microvm-tier.sh || {
        echo "test.sh: the microVM tier could not be set up (above); SANDBENCH_SKIP_MICROVM_SETUP=1 runs the tests without it" >&2
        exit 1
    }
fi
# ccache, when installed, makes a rebuild in a fresh clone (CI's) take seconds per unchanged file; paths
# relative to the clone let one clone's cache serve the next.
launcher=()
if command -v ccache >/dev/null; then
    # Debug information names the build folder, so ccache hashes it by default: a clone elsewhere would
    # then miss every file. Without it the objects keep the first build's folder in their debug paths.
    export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake --preset dev "${launcher[@]}" >/dev/null
cmake --build --preset dev
ctest --preset dev "$@"
# The quick tests again under AddressSanitizer and UndefinedBehaviorSanitizer (leaks included), so a memory
# error or a leak fails CI. SANDBENCH_SKIP_ASAN=1 leaves it out.
if [ "${SANDBENCH_SKIP_ASAN:-0}" != 1 ]; then
    cmake --preset asan "${launcher[@]}" >/dev/null
    cmake --build --preset asan
    # GCC 12's libasan has no fork handler for its allocator: a sandbox forked from a test's multi-threaded
    # process while another thread holds the allocator's lock spins in the child before it can exec (seen
    # in the GUI tests, which run programs while tier probes and warm pools work on other threads; never in
    # the dev build, whose glibc malloc is fork-safe). A hung test gets one more try; a real finding of the
    # sanitizers fails both.
    ctest --preset asan -L fast --repeat until-pass:2
fi
