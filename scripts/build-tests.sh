#!/usr/bin/env bash
# Builds what the test suite runs: the test bundle, and beside it the iconforge its tests
# start (render workers, the command line). Extra arguments go to `swift build`
# (scripts/sanitize.sh passes a sanitizer and a --scratch-path of its own). Used by
# `make unit`, `make test` and scripts/sanitize.sh.
#
# Two products rather than `swift build --build-tests`, which also compiles every target a
# second time for the host, as the tool of IconForgePlugin (the `-tool` folders): a second
# debug build of the whole library that no test runs (PluginSampleTests builds the plugin
# in a package of its own).
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
"$swift" build --product iconforge "$@"
"$swift" build --product iconforgePackageTests "$@"
echo "build-tests: built in $SECONDS s" >&2
