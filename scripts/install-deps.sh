#!/usr/bin/env bash
# Installs the Debian 12 packages Sandbench builds, runs and tests with. Every package is named here, with
# --no-install-recommends, so nothing arrives only as a Recommends of another and nothing is assumed to be
# on the machine already; scripts/check-fresh-install.sh proves the list in a minimal Debian 12 root. Only
# what is missing is installed, so a second run costs a second. Uses sudo when not run as root.
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config git
    qt6-base-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev
    libqt6opengl6-dev  # QtCharts' CMake config needs Qt6OpenGL; qt6-base-dev only recommends it
    qt6-translations-l10n # Qt's own German and French strings (standard buttons, dialogs)
    libqt6svg6       # draws the SVG application icon and SVG artifacts (its image-format plugin)
    desktop-file-utils appstream # validate the .desktop file and AppStream metainfo (a ctest)
    nlohmann-json3-dev libseccomp-dev libcurl4-openssl-dev
    ca-certificates  # TLS to the LLM APIs and E2B; libcurl only recommends it
    python3          # the interpreter every tier runs
    # The data stack every local tier carries (the container image and the microVM guest get the same
    # packages from scripts/build-python-rootfs.sh, which says why the reference BLAS is named)
    python3-numpy python3-pandas python3-matplotlib python3-scipy libblas-dev liblapack-dev
    util-linux passwd # setpriv and useradd: the tests run the attack suite as an ordinary user too
    mitmproxy        # the egress proxy of a network allow list (mitmdump, with Sandbench's addon)
    openssl          # the egress tests make their loopback servers' certificates with it
)

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
echo "Installing: ${missing[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
