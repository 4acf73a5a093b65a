#!/usr/bin/env bash
# The macOS check, run on Linux (no Mac needed): what can be checked of iconforge's Darwin
# code against Apple's own headers, as PyPI's `ziglang` ships them
# (lib/libc/include/any-darwin-any, with libSystem.tbd). MacOSCheckTests runs it on every
# `make unit` and `make test`; scripts/setup.sh --test installs ziglang into .build/test-venv.
#
#   scripts/macos-check.sh [c|swift|all]     (default all)
#   scripts/macos-check.sh platform          prints the platform layer's folder
#
#   c      every C target (Sources/C*/ with a .c file) compiled for aarch64-macos.15.0 and
#          x86_64-macos.15.0 with -Wall -Wextra -Wpedantic -Werror (zig cc, object files
#          only: nothing is linked)
#   swift  the Swift platform layer type-checked with `swiftc -typecheck` against the same
#          headers: Tests/MacOSCheck/ holds a stand-in Clang module named `Darwin` over them
#          (so `canImport(Darwin)` is true and the Darwin branches are the ones compiled),
#          and its Swift overlay. The executable's platform files see the rest of iconforge
#          through the platform module only (the layers above re-export it).
#          x86_64 only: the Swift here has no aarch64 standard library to check against.
#
# What it checks is named here, in one place (override with the environment, as the
# negative tests in MacOSCheckTests do, or when the layer moves):
#   MACOS_CHECK_PLATFORM    the platform layer's library files or folders, one module
#   MACOS_CHECK_MODULE      that module's name (what the executable's files import)
#   MACOS_CHECK_EXECUTABLE  the executable's platform files, type-checked over that module
#   MACOS_CHECK_C_TARGETS   the C targets' folders (each with an include/ folder)
#   MACOS_CHECK_ZIG         the zig folder (ziglang's package folder) to use
# Exit status 0 when everything compiled, 1 when something did not, 77 when the headers
# cannot be had (no ziglang: the test then says it skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

platform=${MACOS_CHECK_PLATFORM:-Sources/IconForgePlatform}
module=${MACOS_CHECK_MODULE:-IconForgePlatform}
executable=${MACOS_CHECK_EXECUTABLE:-Sources/iconforge/Platform.swift Sources/iconforge/PlatformSignals.swift}
c_targets=${MACOS_CHECK_C_TARGETS:-$(ls -d Sources/C*/ | sed 's:/$::')}
what=${1:-all}
[ "$what" = platform ] && { echo "$platform"; exit 0; }

zig_root=${MACOS_CHECK_ZIG:-}
if [ -z "$zig_root" ] && [ -x .build/test-venv/bin/python ]; then
    zig_root=$(.build/test-venv/bin/python -c 'import os, ziglang; print(os.path.dirname(ziglang.__file__))' 2>/dev/null || true)
fi
darwin_headers=$zig_root/lib/libc/include/any-darwin-any
if [ -z "$zig_root" ] || [ ! -x "$zig_root/zig" ] || [ ! -f "$darwin_headers/TargetConditionals.h" ]; then
    echo "macos-check: no Darwin headers: PyPI's ziglang is not installed in .build/test-venv (scripts/setup.sh --test installs it)" >&2
    exit 77
fi
zig=$zig_root/zig
# zig keeps its cache under .build, so CI's cache of .build carries it between runs.
export ZIG_GLOBAL_CACHE_DIR=${ZIG_GLOBAL_CACHE_DIR:-$root/.build/zig-cache}
work=$(mktemp -d "${TMPDIR:-/tmp}/iconforge-macos-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=0

# The Swift files of a list of files and folders (folders not recursively, as SwiftPM
# targets here are flat per folder; a folder's subfolders are listed with it).
swift_files() {
    local item
    for item in "$@"; do
        if [ -d "$item" ]; then find "$item" -name '*.swift' | sort; else echo "$item"; fi
    done
}

check_c() {
    local arch target source includes header_folder
    # Headers of the system libraries the shims include (libpng, libdeflate), and only
    # those: a folder of links to them, so that no Linux header reaches the Darwin build.
    header_folder=$work/system-headers
    mkdir -p "$header_folder"
    local header
    for header in png.h pngconf.h pnglibconf.h libdeflate.h; do
        local found=""
        for folder in $(pkg-config --cflags-only-I libpng libdeflate 2>/dev/null | sed 's/-I//g') /usr/include /opt/homebrew/include /usr/local/include; do
            [ -f "$folder/$header" ] && { found=$folder/$header; break; }
        done
        [ -n "$found" ] && ln -sf "$found" "$header_folder/$header"
    done
    for arch in aarch64 x86_64; do
        for target in $c_targets; do
            for source in "$target"/*.c; do
                [ -f "$source" ] || continue
                includes=(-I "$target/include" -I "$header_folder")
                if "$zig" cc -target "$arch-macos.15.0" -std=c11 -Wall -Wextra -Wpedantic -Werror \
                    "${includes[@]}" -c -o "$work/object.o" "$source"; then
                    echo "macos-check: ok      $arch-macos.15.0  $source"
                else
                    echo "macos-check: FAILED  $arch-macos.15.0  $source" >&2
                    failed=1
                fi
            done
        done
    done
}

check_swift() {
    local swiftc
    swiftc=$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)
    # Clang sees the Darwin headers as a macOS 15 compiler would: Linux's own headers and
    # macros out (zig's clang builtins stand in for swiftc's, which expect a Linux libc
    # beside them), the predefined macros of an Apple target in. SWIFT_CLASS_EXTRA is
    # defined by Swift's importer on Apple targets; pthread.h reads it to choose the
    # declarations a Mac's Swift sees.
    local clang=(-Xcc -nostdinc -Xcc -isystem -Xcc "$zig_root/lib/include" -Xcc -isystem -Xcc "$darwin_headers")
    local macro
    for macro in -U__linux__ -U__linux -Ulinux -U__gnu_linux__ -U__unix__ -U__unix -Uunix -U__ELF__ \
        -D__APPLE__=1 -D__MACH__=1 -D__APPLE_CC__=6000 \
        -D__ENVIRONMENT_MAC_OS_X_VERSION_MIN_REQUIRED__=150000 -D__ENVIRONMENT_OS_VERSION_MIN_REQUIRED__=150000 \
        -DSWIFT_CLASS_EXTRA=; do
        clang+=(-Xcc "$macro")
    done
    local modules=$work/modules
    mkdir -p "$modules"
    # Module maps for the C targets the layer imports (SwiftPM writes these in a build).
    local target name
    for target in $c_targets; do
        name=$(basename "$target")
        [ -d "$target/include" ] || continue
        mkdir -p "$modules/$name"
        {
            echo "module $name {"
            for header in "$root/$target"/include/*.h; do echo "    header \"$header\""; done
            echo "    export *"
            echo "}"
        } >"$modules/$name/module.modulemap"
    done
    local search=(-I "$modules" -I "$root/Tests/MacOSCheck")
    for target in $c_targets; do search+=(-I "$modules/$(basename "$target")"); done
    local run=("$swiftc" -parse-as-library -swift-version 6 -package-name iconforge "${search[@]}" "${clang[@]}")
    local log=$work/swiftc.log
    # The stand-ins: Darwin's overlay, and Synchronization's interface (the real one imports
    # Glibc, whose structs collide with Darwin's).
    if ! "${run[@]}" -emit-module -module-name Darwin -import-underlying-module \
        -o "$modules/Darwin.swiftmodule" Tests/MacOSCheck/Darwin.swift >"$log" 2>&1 ||
        ! "${run[@]}" -emit-module -module-name Synchronization \
            -o "$modules/Synchronization.swiftmodule" Tests/MacOSCheck/Synchronization.swift >>"$log" 2>&1; then
        grep -v 'libc not found' "$log" >&2
        echo "macos-check: FAILED  the stand-in modules in Tests/MacOSCheck/ do not compile" >&2
        failed=1
        return
    fi
    # Foundation is out of reach (Apple's is not here; the toolchain's imports Glibc):
    # FoundationImport.swift, the one file that imports it, is left out.
    local files
    files=$(swift_files $platform | grep -v '/FoundationImport\.swift$')
    if "${run[@]}" -emit-module -module-name "$module" -o "$modules/$module.swiftmodule" \
        $files >"$log" 2>&1; then
        echo "macos-check: ok      x86_64-macos (swiftc -typecheck, Darwin branches)  $platform"
    else
        grep -v 'libc not found' "$log" >&2
        echo "macos-check: FAILED  x86_64-macos (swiftc -typecheck, Darwin branches)  $platform" >&2
        failed=1
        return
    fi
    # The layers the executable imports, as modules that re-export the platform layer (as
    # the real ones do, through the layers between).
    local imported
    for imported in $(sed -n 's/^import \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' $(swift_files $executable) | sort -u); do
        case $imported in Darwin | Glibc | Musl | Synchronization | "$module") continue ;; esac
        echo "@_exported import $module" >"$work/$imported.swift"
        "${run[@]}" -emit-module -module-name "$imported" -o "$modules/$imported.swiftmodule" "$work/$imported.swift" >>"$log" 2>&1
    done
    if "${run[@]}" -typecheck -module-name iconforge $(swift_files $executable) >"$log" 2>&1; then
        echo "macos-check: ok      x86_64-macos (swiftc -typecheck, Darwin branches)  $executable"
    else
        grep -v 'libc not found' "$log" >&2
        echo "macos-check: FAILED  x86_64-macos (swiftc -typecheck, Darwin branches)  $executable" >&2
        failed=1
    fi
}

case "$what" in
c) check_c ;;
swift) check_swift ;;
all) check_c; check_swift ;;
*) echo "usage: scripts/macos-check.sh [c|swift|all]" >&2; exit 2 ;;
esac
exit $failed
