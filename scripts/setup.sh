#!/usr/bin/env bash
# Installs the C libraries iconforge builds against (librsvg, libpng, libdeflate) and
# pkg-config when missing: with Homebrew on macOS, with apt-get on Debian and Ubuntu.
# Idempotent and quiet when everything is present; used by `make` and `make test`.
#
#   scripts/setup.sh          what building iconforge needs
#   scripts/setup.sh --test   also what the test suite drives: a headless browser (the
#                             preview page is loaded in one), zsh (completion scripts are
#                             loaded in it) and Python's jsonschema (schemas are checked
#                             with a real validator), Ruby (the Homebrew formula), dosfstools
#                             and fusefat (a case-insensitive folder, as on a Mac),
#                             and a Python venv, .build/test-venv, with PyPI's ziglang
#                             (Apple's libc headers, for the macOS check), check-jsonschema
#                             and zizmor (the CI workflow). Tests that need one of these and
#                             cannot find it are skipped with a message saying which.
set -euo pipefail

for_tests=0
[ "${1:-}" = "--test" ] && for_tests=1

have() { command -v "$1" >/dev/null 2>&1; }
# pkg-config finds Homebrew's .pc files itself; the Makefile exports the same path for SwiftPM.
has_module() { have pkg-config && pkg-config --exists "$1" 2>/dev/null; }

case "$(uname -s)" in
Darwin)
    have brew || {
        echo "setup: iconforge needs Homebrew (https://brew.sh) to install librsvg, libpng and libdeflate" >&2
        exit 1
    }
    missing=()
    have pkg-config || missing+=(pkg-config)
    has_module librsvg-2.0 || missing+=(librsvg)
    has_module libpng || missing+=(libpng)
    has_module libdeflate || missing+=(libdeflate)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "setup: installing ${missing[*]} with brew" >&2
        brew install --quiet "${missing[@]}" >/dev/null
    fi
    have swift || {
        echo "setup: no Swift toolchain: install Xcode 16 or later (or its Command Line Tools)" >&2
        exit 1
    }
    ;;
Linux)
    missing=()
    have pkg-config || missing+=(pkg-config)
    has_module librsvg-2.0 || missing+=(librsvg2-dev)
    has_module libpng || missing+=(libpng-dev)
    has_module libdeflate || [ -e /usr/include/libdeflate.h ] || missing+=(libdeflate-dev)
    if [ "$for_tests" = 1 ]; then
        have chromium-headless-shell || have chromium || missing+=(chromium-headless-shell)
        have zsh || missing+=(zsh)
        # PDFs rendered back (VectorOutputTests).
        have pdftoppm || missing+=(poppler-utils)
        python3 -c 'import jsonschema' 2>/dev/null || missing+=(python3-jsonschema)
        have ruby || missing+=(ruby)
        # A case-insensitive folder, as a Mac's: a FAT image mounted with FUSE.
        have mkfs.vfat || [ -x /usr/sbin/mkfs.vfat ] || missing+=(dosfstools)
        have fusefat || missing+=(fusefat)
        python3 -c 'import venv, ensurepip' 2>/dev/null || missing+=(python3-venv)
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        have apt-get || {
            echo "setup: install ${missing[*]} (or your distribution's equivalents); only apt-get is automated" >&2
            exit 1
        }
        echo "setup: installing ${missing[*]} with apt-get" >&2
        sudo=""
        if [ "$(id -u)" -ne 0 ]; then
            have sudo || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
            sudo="sudo"
        fi
        export DEBIAN_FRONTEND=noninteractive
        $sudo apt-get update -qq
        $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
    have swift || [ -x /opt/swift/usr/bin/swift ] || {
        echo "setup: the Swift toolchain (6.x) is not on PATH; install it from swift.org" >&2
        exit 1
    }
    ;;
*)
    echo "setup: iconforge builds on Linux and macOS, not on $(uname -s)" >&2
    exit 1
    ;;
esac

# The test venv: PyPI packages the suite drives, installed once and reused (ziglang is
# large). A package that does not install leaves its tests skipped, not the setup failed.
if [ "$for_tests" = 1 ]; then
    venv=.build/test-venv
    cd "$(dirname "$0")/.."
    if [ ! -x "$venv/bin/python" ]; then
        echo "setup: creating $venv for the test suite's Python tools" >&2
        python3 -m venv "$venv" || { echo "setup: python3 -m venv failed; the macOS and workflow checks will be skipped" >&2; exit 0; }
    fi
    for package in ziglang check-jsonschema zizmor; do
        "$venv/bin/python" -m pip show -q "$package" >/dev/null 2>&1 && continue
        echo "setup: installing $package into $venv with pip" >&2
        "$venv/bin/python" -m pip install -q --disable-pip-version-check "$package" >/dev/null ||
            echo "setup: $package did not install; the tests that use it will be skipped" >&2
    done
fi
