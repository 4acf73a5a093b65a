#!/usr/bin/env bash
# bench/run.sh - entry point of the iconforge benchmark (`make bench`).
#
# 1. Installs, only when missing, the Debian packages the benchmark needs
#    (rsvg-convert, optipng, GNU time, gcc + librsvg/libpng headers for the C
#    reference, and a headless Chromium for the preview page's row).
# 2. Creates a venv in $BENCH_CACHE/venv (default ~/.cache/iconforge-bench/venv)
#    and installs bench/requirements.txt into it: the Lucide, Simple Icons, Font
#    Awesome, Octicons and Tabler corpora (PyPI `lucide`, `simpleicons`,
#    `fontawesomefree`, `octicons-pack`, `pytablericons`), the `resvg` binary
#    (PyPI `resvg-cli`) and pyoxipng. Fetches the icon themes of
#    bench/debian-packages.txt (Papirus, Adwaita) with `apt-get download` and
#    unpacks them with `dpkg -x` into $BENCH_CACHE/deb/ (installed nowhere).
#    Nothing is written inside the repo.
# 3. Builds iconforge as `make tool` does (release, static Swift runtime) when ICONFORGE is unset and
#    .build/release/iconforge is missing (a failed build is reported, and the
#    benchmark still runs the other peers).
# 4. Runs bench/bench.py with the venv's Python; it prints the report.
#
# Environment: ICONFORGE, BENCH_RUNS (3), BENCH_LIB_RUNS (10), BENCH_SYNC (both),
# BENCH_QUICK (0), BENCH_LIBS, BENCH_DISK, BENCH_CACHE, BENCH_TMP, BENCH_JSON - see the
# top of bench/bench.py. Setup output goes to
# $BENCH_CACHE/setup.log and is shown only when a step fails.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
cache="${BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/iconforge-bench}"
export BENCH_CACHE="$cache"
mkdir -p "$cache"
log="$cache/setup.log"
: >"$log"

say() { echo "bench: $*" >&2; }
fail() { say "$*"; say "--- last lines of $log:"; tail -n 25 "$log" >&2; exit 1; }

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

apt_install() {
    say "installing Debian packages: $*"
    export DEBIAN_FRONTEND=noninteractive
    if ! as_root apt-get install -y -qq --no-install-recommends "$@" >>"$log" 2>&1; then
        as_root apt-get update -qq >>"$log" 2>&1 || fail "apt-get update failed"
        as_root apt-get install -y -qq --no-install-recommends "$@" >>"$log" 2>&1 \
            || fail "apt-get install $* failed"
    fi
}

# --- 1. Debian packages ----------------------------------------------------
missing=()
for pkg in librsvg2-bin optipng librsvg2-dev libpng-dev gcc libc6-dev pkg-config time chromium-headless-shell; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' \
        || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"

# --- 2. venv with the PyPI packages ----------------------------------------
venv="$cache/venv"
py="${BENCH_PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    say "creating venv $venv"
    if ! "$py" -m venv "$venv" >>"$log" 2>&1; then
        rm -rf "$venv"
        apt_install python3-venv
        py=/usr/bin/python3
        "$py" -m venv "$venv" >>"$log" 2>&1 || fail "python3 -m venv failed"
    fi
fi
req="$here/requirements.txt"
stamp="$venv/.bench-requirements"
if ! cmp -s "$req" "$stamp"; then
    say "installing PyPI packages from bench/requirements.txt"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$req" >>"$log" 2>&1 \
        || fail "pip install -r $req failed"
    cp "$req" "$stamp"
fi
[ -x "$venv/bin/resvg" ] || fail "resvg binary missing from $venv/bin (PyPI resvg-cli)"

# Icon themes from Debian, unpacked (not installed): a pinned version that apt no longer
# offers makes that library unavailable in the report, not the benchmark fail.
while IFS= read -r spec; do
    spec="${spec%%#*}"; spec="${spec//[[:space:]]/}"
    [ -n "$spec" ] || continue
    name="${spec%%=*}" version="${spec#*=}"
    dest="$cache/deb/${name}_${version}"
    [ -d "$dest/root" ] && continue
    say "fetching Debian package $name $version (apt-get download, dpkg -x into $dest)"
    rm -rf "$dest" && mkdir -p "$dest"
    if ! (cd "$dest" && apt-get download "$name=$version" >>"$log" 2>&1); then
        as_root apt-get update -qq >>"$log" 2>&1 || true
        (cd "$dest" && apt-get download "$name=$version" >>"$log" 2>&1) \
            || { say "apt-get download $name=$version failed; its libraries will be unavailable"; rm -rf "$dest"; continue; }
    fi
    dpkg -x "$dest"/*.deb "$dest/root.partial" >>"$log" 2>&1 && mv "$dest/root.partial" "$dest/root" \
        || { say "dpkg -x of $name failed"; rm -rf "$dest"; }
    rm -f "$dest"/*.deb
done <"$here/debian-packages.txt"

# --- 3. iconforge ------------------------------------------------------------
cd "$root"
if [ -z "${ICONFORGE:-}" ]; then
    ICONFORGE="$root/.build/release/iconforge"
    if [ ! -x "$ICONFORGE" ] && [ -f "$root/Package.swift" ] && command -v swift >/dev/null; then
        say "building iconforge (swift build -c release --static-swift-stdlib)"
        if ! swift build -c release --static-swift-stdlib --product iconforge >>"$log" 2>&1; then
            say "swift build failed (see $log); iconforge rows will be unavailable"
        fi
    fi
fi
export ICONFORGE

# --- 4. the benchmark ---------------------------------------------------------
exec "$venv/bin/python" "$here/bench.py" "$@"
