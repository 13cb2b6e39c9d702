#!/bin/sh
# Validates the .desktop file and the AppStream metainfo with the distribution's own validators.
# Exit 77 (ctest SKIP_RETURN_CODE) when neither is installed (Debian: desktop-file-utils, appstream).
desktop="$1"
metainfo="$2"
ran=0
status=0
if command -v desktop-file-validate >/dev/null 2>&1; then
    ran=1
    output=$(desktop-file-validate "$desktop" 2>&1) || status=1
    [ -n "$output" ] && echo "$output"
    # Warnings are failures too; hints are advice only.
    echo "$output" | grep -qE ': (error|warning):' && status=1
fi
if command -v appstreamcli >/dev/null 2>&1; then
    ran=1
    appstreamcli validate --no-net --strict --explain "$metainfo" || status=1
fi
[ "$ran" -eq 0 ] && { echo "SKIP: neither desktop-file-validate nor appstreamcli is installed"; exit 77; }
exit "$status"
