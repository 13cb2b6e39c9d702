#!/usr/bin/env bash
# Measures the bench on every local tier usable here with the release build, every bundled workload, cold
# and warm rows apart, and draws README's bench pictures from those rows: bench-latency.png (print(1), each
# tier against its own reference) and bench-workloads.png (tier × workload, ratio to the bare host), into the
# folder given (default: docs/screenshots), with the rows themselves as bench.json beside them.
# Run counts: RUNS (default 10) for the host and subprocess tiers, ENGINE_RUNS (default 3) for the container
# and gVisor tiers, VM_RUNS (default 2) for the microVM, which is slow under TCG. Measure on a quiet machine:
# the script prints the load average before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
folder=$(realpath -m "${1:-docs/screenshots}")
mkdir -p "$folder"
cli=build/release/cli/sandbench-cli
chart=build/release/gui/sandbench-bench-chart
if [ ! -x "$cli" ] || [ ! -x "$chart" ]; then
    cmake --preset release >/dev/null && cmake --build build/release -j2 --target sandbench-cli sandbench-bench-chart
fi

rows=$(mktemp -d)
trap 'rm -rf "$rows"' EXIT
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
bench() { # TIER RUNS: the rows that worked are kept when another row of the tier failed
    if "$cli" bench --tier "$1" --runs "$2" --workload all --json >"$rows/$1.json"; then
        echo "$1: done" >&2
    elif /usr/bin/python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$rows/$1.json" 2>/dev/null; then
        echo "$1: some rows failed (see above); the others are kept" >&2
    else
        echo "$1: no rows (not usable here: see above)" >&2
        echo '[]' >"$rows/$1.json"
    fi
}
bench host "${RUNS:-10}"
bench subprocess "${RUNS:-10}"
bench container "${ENGINE_RUNS:-3}"
bench gvisor "${ENGINE_RUNS:-3}"
bench microvm "${VM_RUNS:-2}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

/usr/bin/python3 - "$rows" "$folder/bench.json" <<'PY'
import json, pathlib, sys
rows = []
for tier in ["host", "subprocess", "container", "gvisor", "microvm"]:
    rows += json.loads((pathlib.Path(sys.argv[1]) / f"{tier}.json").read_text())
pathlib.Path(sys.argv[2]).write_text(json.dumps(rows, indent=2) + "\n")
PY
QT_QPA_PLATFORM=offscreen "$chart" "$folder/bench.json" "$folder"
ls -1 "$folder"/bench-*.png "$folder/bench.json"
