#!/usr/bin/env bash
# Starts the workbench under Xvfb, runs the attack suite in the Attack Lab, and saves PNG screenshots of both
# tabs in the light and the dark theme, and of the Lab's presentation mode at 1920×1080, to the folder given
# (default: docs/screenshots).
set -euo pipefail
cd "$(dirname "$0")/.."
folder=$(realpath -m "${1:-docs/screenshots}")

command -v Xvfb >/dev/null || { echo "Xvfb is missing: sudo apt-get install xvfb" >&2; exit 1; }
[ -x build/release/gui/sandbench ] || { cmake --preset release >/dev/null && cmake --build --preset release; }

display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
# A private settings folder, so the tour neither reads nor changes the user's layout.
settings=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$settings"' EXIT
DISPLAY=$display XDG_CONFIG_HOME=$settings XDG_DATA_HOME=$settings timeout 300 \
    build/release/gui/sandbench --screenshots "$folder"
ls -1 "$folder"/*.png
