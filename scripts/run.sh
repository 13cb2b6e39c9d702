#!/usr/bin/env bash
# Installs what is missing, builds an optimised Sandbench and launches the workbench. The subprocess tier
# needs nothing else. Arguments are passed to the workbench.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release

if [ -x build/release/gui/sandbench ]; then
    exec build/release/gui/sandbench "$@"
fi
# Until the Qt workbench lands (see the GUI issue), the same engine is reachable through the CLI.
echo "The Qt workbench is not built yet; here is the engine through sandbench-cli:" >&2
build/release/cli/sandbench-cli backends
exec build/release/cli/sandbench-cli attacks --backend all "$@"
