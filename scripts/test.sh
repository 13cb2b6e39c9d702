#!/usr/bin/env bash
# Installs what is missing, sets up the container tier (Docker and Podman, and the image they run, so no
# container test is skipped), builds with warnings as errors and runs every test with ctest.
# SANDBENCH_SKIP_CONTAINER_SETUP=1 leaves the container set-up out (container tests skip what is missing).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
if [ "${SANDBENCH_SKIP_CONTAINER_SETUP:-0}" != 1 ]; then
    scripts/setup-container-tier.sh || {
        echo "test.sh: the container tier could not be set up (above); SANDBENCH_SKIP_CONTAINER_SETUP=1 runs the tests without it" >&2
        exit 1
    }
fi
cmake --preset dev >/dev/null
cmake --build --preset dev
ctest --preset dev "$@"
