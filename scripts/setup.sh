#!/usr/bin/env bash
# Installs the C libraries iconforge builds against (librsvg, libpng) when missing.
# Idempotent and quiet when everything is present; used by `make` and `make test`.
set -euo pipefail

packages=(pkg-config librsvg2-dev libpng-dev libdeflate-dev)
missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists librsvg-2.0 2>/dev/null || missing+=(librsvg2-dev)
pkg-config --exists libpng 2>/dev/null || missing+=(libpng-dev)
[ -e /usr/include/libdeflate.h ] || missing+=(libdeflate-dev)

if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]} with apt-get" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

command -v swift >/dev/null 2>&1 || [ -x /opt/swift/usr/bin/swift ] || {
    echo "setup: the Swift toolchain (6.x) is not on PATH; install it from swift.org" >&2
    exit 1
}
