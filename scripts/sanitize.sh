#!/usr/bin/env bash
# Builds and runs the test suite under the sanitizers (`make sanitize`):
#
#   scripts/sanitize.sh            AddressSanitizer (+ UndefinedBehaviorSanitizer in the C
#                                  shims), then ThreadSanitizer
#   scripts/sanitize.sh address    only the first run;  scripts/sanitize.sh thread  only the second
#
# Render workers run sanitized too: they are the iconforge built beside the tests, and
# under a sanitizer their memory limit is a watchdog on the resident set instead of an
# address-space cap (see cplatformshim_limit_memory). Leaks and races inside system
# libraries are suppressed by name in scripts/sanitizers/*.supp, never wholesale.
# Each sanitizer builds into a folder of its own under .build/, leaving the normal build be,
# with scripts/build-tests.sh (the test bundle and iconforge, nothing more).
# SANITIZE_FILTER narrows the runs (swift test --filter), for working on one finding, and
# SANITIZE_SKIP leaves tests out (swift test --skip); `make test` sets them (see the Makefile).
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
supp=$(pwd)/scripts/sanitizers
runs=("$@")
[ ${#runs[@]} -gt 0 ] || runs=(address thread)

# Any finding fails the run: the sanitizers' exit status, and halt_on_error for UBSan,
# whose findings would otherwise only be printed.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=$([ "$(uname -s)" = Linux ] && echo 1 || echo 0):strict_string_checks=1:check_initialization_order=1}
export LSAN_OPTIONS=suppressions=$supp/leaks.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=suppressions=$supp/races.supp:print_suppressions=0${TSAN_OPTIONS:+:$TSAN_OPTIONS}

filter=()
[ -n "${SANITIZE_FILTER:-}" ] && filter+=(--filter "$SANITIZE_FILTER")
[ -n "${SANITIZE_SKIP:-}" ] && filter+=(--skip "$SANITIZE_SKIP")

for run in "${runs[@]}"; do
    case $run in
    # Swift has no -sanitize=undefined on Linux: UBSan instruments the C shims, and its
    # runtime comes with AddressSanitizer's.
    address) flags=(--sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined) ;;
    thread) flags=(--sanitize=thread) ;;
    *) echo "sanitize: no run '$run' (address, thread)" >&2; exit 2 ;;
    esac
    flags+=(--scratch-path ".build/sanitize-$run")
    echo "sanitize: building the suite with ${flags[*]}" >&2
    start=$SECONDS
    SWIFT=$swift scripts/build-tests.sh "${flags[@]}"
    built=$SECONDS
    # Every process writes its reports to a file here: render workers too, whose stderr
    # goes to /dev/null and whose exit status at the end of a build nobody reads.
    reports=$(pwd)/.build/sanitize-$run/reports
    rm -rf "$reports" && mkdir -p "$reports"
    echo "sanitize: running the suite under the $run sanitizer" >&2
    status=0
    case $run in
    address) logs=(ASAN_OPTIONS=$ASAN_OPTIONS:log_path=$reports/asan UBSAN_OPTIONS=$UBSAN_OPTIONS:log_path=$reports/ubsan) ;;
    thread) logs=(TSAN_OPTIONS=$TSAN_OPTIONS:log_path=$reports/tsan) ;;
    esac
    env "${logs[@]}" "$swift" test --skip-build "${flags[@]}" ${filter[@]+"${filter[@]}"} || status=$?
    if [ -n "$(ls -A "$reports")" ]; then
        for report in "$reports"/*; do
            echo "sanitize: $run: a report from process ${report##*.}:" >&2
            cat "$report" >&2
        done
        echo "sanitize: $run: FAILED: the sanitizer reported the findings above (kept in $reports)" >&2
        exit 1
    fi
    [ "$status" -eq 0 ] || { echo "sanitize: $run: FAILED: the suite failed" >&2; exit "$status"; }
    echo "sanitize: $run: passed in $((SECONDS - start)) s (build $((built - start)) s, tests $((SECONDS - built)) s)" >&2
done
