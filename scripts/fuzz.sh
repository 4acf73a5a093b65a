#!/usr/bin/env bash
# Builds iconforge's libFuzzer targets (the package in Fuzz/) and runs each for
# FUZZ_SECONDS (default 60). Used by `make fuzz`.
#
#   scripts/fuzz.sh                 every target: markup css json glyph plist appfiles gittree png
#   scripts/fuzz.sh markup glyph    only these
#
# Fails on any crash, leak, timeout (FUZZ_TIMEOUT seconds on one input, default 10) or
# out-of-memory (FUZZ_RSS_MB, default 2048). The failing input is minimised (for at most
# FUZZ_MINIMIZE_SECONDS, default 30) and kept in Tests/IconForgeTestSupport/Fixtures/fuzz/TARGET/,
# where FuzzRegressionTests run it on every `make test`; fix the code, and keep the input.
#
# Each target starts from the seeds (test fixtures and example glyphs) and its corpus in
# .build/fuzz-corpus/TARGET, which grows from run to run. The last lines of each run's log, with the
# executions and coverage reached, are printed.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
timeout=${FUZZ_TIMEOUT:-10}
rss=${FUZZ_RSS_MB:-2048}
minimize=${FUZZ_MINIMIZE_SECONDS:-30}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(markup css json glyph plist appfiles gittree png)
swift=${SWIFT:-swift}
fixtures=Tests/IconForgeTestSupport/Fixtures
scratch=.build/fuzz

# Xcode's Swift has no libFuzzer runtime: say so instead of failing at link time. `make test`
# sets FUZZ_OPTIONAL=1: there the run is skipped with that line and the suites, which run
# beside it, go on; `make fuzz` fails, since fuzzing is what it was asked.
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ p: UnsafePointer<UInt8>?, _ n: Int) -> CInt { 0 }\n' > "$probe/probe.swift"
if ! "$swift" build --help >/dev/null 2>&1 || ! (cd "$probe" && swiftc -sanitize=fuzzer,address -parse-as-library probe.swift -o probe >/dev/null 2>&1); then
    echo "fuzz: this Swift toolchain cannot build libFuzzer targets (-sanitize=fuzzer)." >&2
    if [ "$(uname -s)" = Darwin ]; then
        echo "fuzz: Xcode's Swift has no libFuzzer; install a swift.org toolchain and run" >&2
        echo "fuzz:   TOOLCHAINS=swift make fuzz" >&2
    fi
    if [ "${FUZZ_OPTIONAL:-0}" = 1 ]; then
        echo "fuzz: skipped: no libFuzzer in this toolchain; the other tests run without it" >&2
        exit 0
    fi
    exit 1
fi

sanitizers=$(pwd)/scripts/sanitizers
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export LSAN_OPTIONS=suppressions=$sanitizers/leaks.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

# Optimised (an unoptimised Swift pixel loop under ASan and coverage takes seconds a
# glyph), with testability so that the targets reach IconForgeCLI's internal entry points (`FuzzEntryPoints`).
build=(--package-path Fuzz --scratch-path "$scratch" -c release
    -Xswiftc -enable-testing -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
echo "fuzz: building the fuzz targets" >&2
"$swift" build "${build[@]}" >&2
bin=$("$swift" build "${build[@]}" --show-bin-path)
built=$SECONDS
echo "fuzz: built in $built s" >&2

# The seeds of a target: files of the fixtures and example glyphs it can read.
seeds() {
    local target=$1 folder=.build/fuzz-seeds/$1
    rm -rf "$folder" && mkdir -p "$folder"
    case $target in
    markup | css) find "$fixtures" Glyphs -name '*.svg' -type f ;;
    # Not isolation/: those glyphs are made to keep librsvg busy for hours, which only a
    # worker's limits stop; in process, as the glyph target renders, they are a timeout.
    glyph) find "$fixtures" Glyphs -name '*.svg' -type f -not -path "$fixtures/isolation/*" ;;
    json) find "$fixtures" Glyphs -name '*.json' -type f ;;
    # The app's files: property lists (XML and binary), String Catalogs, strings files.
    plist | appfiles) find "$fixtures" Output -type f \( -name '*.plist' -o -name '*.xcstrings' -o -name '*.strings' \) ;;
    # Image rows: the shipped PNGs' own bytes (deflated, so much like noise) stand in.
    png) find Output -name '*.png' -type f ;;
    esac | while read -r file; do cp "$file" "$folder/$(printf '%s' "$file" | tr '/' '_')"; done
    # Tree paths: the project's own, and the kinds git refuses to check out.
    if [ "$target" = gittree ]; then
        { git ls-files 2>/dev/null | head -200; printf '%s\n' 'Glyphs/../../x.svg' '.GIT/config' '.git. /x' 'GIT~1/config' 'a\.git\b' '.git::$INDEX_ALLOCATION'; } |
            while read -r path; do printf '%s' "$path" >"$folder/$(printf '%s' "$path" | cksum | cut -d' ' -f1)"; done
    fi
    if [ -d "$fixtures/fuzz/$target" ]; then cp "$fixtures/fuzz/$target"/* "$folder/" 2>/dev/null || true; fi
    echo "$folder"
}

# FUZZ_SEED fixes libFuzzer's random seed: the same mutations in the same order on every
# run (make test sets it, so that CI's short run tries the same inputs each time).
seed=()
[ -n "${FUZZ_SEED:-}" ] && seed=(-seed="$FUZZ_SEED")

# Minimises the crashing input $1 into $2, for at most FUZZ_MINIMIZE_SECONDS. libFuzzer's
# -minimize_crash=1 runs itself again and again, each step up to -max_total_time, for as
# long as a step finds a smaller input: once it ran for minutes after a crash. `timeout`
# kills it and the children it started (its process group; SIGKILL, which a signal mask
# inherited from whatever started make cannot hold up); a step stopped half-way may
# have left a file that no longer crashes, so the result is kept only if it still fails
# (else the caller keeps the input as found). Without `timeout` (a Mac without coreutils)
# the input is kept as found.
minimise() {
    local input=$1 output=$2 limit
    limit=$(command -v timeout || command -v gtimeout) || {
        echo "fuzz: $target: no timeout program to bound minimising; keeping the input as found" >&2
        return 0
    }
    local status=0
    "$limit" -s KILL "$minimize" "$bin/$executable" -minimize_crash=1 -runs=2000 -timeout="$timeout" \
        -exact_artifact_path="$output" "$input" >/dev/null 2>&1 || status=$?
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        echo "fuzz: $target: minimising stopped after ${minimize}s (FUZZ_MINIMIZE_SECONDS)" >&2
    fi
    if [ -s "$output" ] && "$limit" -s KILL "$((timeout + 5))" "$bin/$executable" -timeout="$timeout" "$output" >/dev/null 2>&1; then
        rm -f "$output"
    fi
    return 0
}

failed=()
for target in "${targets[@]}"; do
    case $target in
    markup) executable=FuzzMarkup ;; css) executable=FuzzCSS ;; json) executable=FuzzJSON ;; glyph) executable=FuzzGlyph ;;
    plist) executable=FuzzPlist ;; appfiles) executable=FuzzAppFiles ;; gittree) executable=FuzzGitTree ;;
    png) executable=FuzzPNG ;;
    *) echo "fuzz: no target '$target' (markup, css, json, glyph, plist, appfiles, gittree, png)" >&2; exit 2 ;;
    esac
    corpus=.build/fuzz-corpus/$target artifacts=.build/fuzz-artifacts/$target/ log=.build/fuzz-logs/$target.log
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    seed_folder=$(seeds "$target")
    echo "fuzz: $target for ${seconds}s" >&2
    status=0
    "$bin/$executable" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss" -max_len=65536 ${seed[@]+"${seed[@]}"} \
        -dict=Fuzz/svg-css.dict -artifact_prefix="$artifacts" -print_final_stats=1 \
        "$corpus" "$seed_folder" >"$log" 2>&1 || status=$?
    grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss_mb|Done [0-9]+ runs)' "$log" | sed "s/^/fuzz: $target: /" >&2 || true
    [ "$status" -eq 0 ] && continue
    failed+=("$target")
    tail -40 "$log" >&2
    # Keep each failing input, minimised, as a regression fixture.
    kept=$fixtures/fuzz/$target
    mkdir -p "$kept"
    for artifact in "$artifacts"*; do
        [ -f "$artifact" ] || continue
        name=$(basename "$artifact")
        minimised=$artifacts/minimised-$name
        # A timeout or an out-of-memory input is kept as it is: minimising it would run
        # it again and again, each time for the whole limit.
        case $name in timeout-* | oom-* | slow-unit-*) cp "$artifact" "$minimised" ;; esac
        [ -s "$minimised" ] || minimise "$artifact" "$minimised"
        [ -s "$minimised" ] || cp "$artifact" "$minimised"
        cp "$minimised" "$kept/$name"
        rm -f "$artifact" "$minimised"
        echo "fuzz: $target: kept the failing input as $kept/$name" >&2
        echo "fuzz: $target: reproduce it with: $bin/$executable $kept/$name" >&2
        echo "fuzz: $target: or, once the fuzz build is gone: swift test --filter FuzzRegressionTests" >&2
    done
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: FAILED: ${failed[*]} (logs in .build/fuzz-logs/)" >&2
    exit 1
fi
echo "fuzz: every target ran ${seconds}s without a crash, leak, timeout or out-of-memory ($((SECONDS - built)) s)" >&2
