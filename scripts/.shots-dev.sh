#!/usr/bin/env bash
# Starts the workbench under Xvfb, runs the attack suite in the Attack Lab, and saves PNG screenshots of both
# tabs in the light and the dark theme, and of the Lab's presentation mode at 1920×1080, to the folder given
# (default: docs/screenshots), then a chat with a
# follow-up question against scripts/scripted-model-server.py (a local stand-in for the model: no key, no
# network). English in the folder itself, German and French in its de/ and fr/ subfolders, at 1400×900.
set -euo pipefail
cd "$(dirname "$0")/.."
folder=$(realpath -m "${1:-docs/screenshots}")

command -v Xvfb >/dev/null || { echo "Xvfb is missing: sudo apt-get install xvfb" >&2; exit 1; }
[ -x build/dev/gui/sandbench ] || { cmake --preset release >/dev/null && cmake --build --preset release; }

display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
# A private settings folder, so the tour neither reads nor changes the user's layout.
settings=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$settings"' EXIT
# The model for the chat pictures, on loopback; its stdin is held open until the script ends.
exec 3> >(exec /usr/bin/python3 scripts/scripted-model-server.py >"$settings/model-url")
for _ in $(seq 50); do [ -s "$settings/model-url" ] && break; sleep 0.1; done
model_url=$(head -n1 "$settings/model-url")
for language in en de fr; do
    into=$folder
    [ "$language" = en ] || into=$folder/$language
    case $language in en) locale=en_US.UTF-8 ;; de) locale=de_DE.UTF-8 ;; fr) locale=fr_FR.UTF-8 ;; esac
    rm -rf "$settings/config" && mkdir -p "$settings/config"
    DISPLAY=$display XDG_CONFIG_HOME=$settings/config XDG_DATA_HOME=$settings/config LANGUAGE=$language \
        LANG=$locale LC_ALL= LC_MESSAGES= SANDBENCH_TOUR_MODEL_URL=$model_url timeout 600 \
        build/dev/gui/sandbench --screenshots "$into"
done
exec 3>&-
ls -1 "$folder"/*.png "$folder"/de/*.png "$folder"/fr/*.png
