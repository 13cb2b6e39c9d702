#!/usr/bin/env bash
# Installs what is missing, builds an optimised Sandbench and launches the workbench. The subprocess tier
# needs nothing else. Arguments are passed to the workbench.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}${QT_QPA_PLATFORM:-}" ]; then
    exec build/release/gui/sandbench "$@"
fi
# No display: the same engine through the CLI.
echo "No display here (DISPLAY and WAYLAND_DISPLAY are unset), so the workbench cannot open a window." >&2
echo "Here is the engine through sandbench-cli instead:" >&2
build/release/cli/sandbench-cli tiers
exec build/release/cli/sandbench-cli attacks --tier all
