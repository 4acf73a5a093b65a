# iconforge — the two commands:
#   make         set up, build iconforge, and build the shipped Glyphs/ into Output/
#   make test    set up and run the whole test suite, every test at least once: the Swift
#                tests; under AddressSanitizer(+UBSan) all but ASAN_SKIP; under
#                ThreadSanitizer TSAN_TESTS; and, beside them, a short fuzzing run
#                (FUZZ_SECONDS, 10 here; skipped with a line saying so where the toolchain
#                has no libFuzzer, as Xcode's), in two lanes at once (see test: below).
#                .ci/run calls exactly this. On a fresh clone of the 2-core development
#                machine (2026-12-06, 719 tests) it took 14 min 33 s: the tests, build
#                195 s and run 175 s, then AddressSanitizer's, build 324 s and run 152 s;
#                beside them the fuzz targets' build 315 s and runs 98 s, then
#                ThreadSanitizer's, build 306 s and run 37 s (each build slowed by the
#                other lane's). The day before, 10 min 15 s to 12 min 9 s: the same
#                builds took 190-240 s each.
# and:
#   make install [PREFIX=/usr/local] [DESTDIR=]   the binary, its man page and completions
#   make uninstall [PREFIX=…] [DESTDIR=]          removes exactly what install put there
#   make docs    regenerate docs/reference.md, docs/schemas/, docs/iconforge.1 and
#                docs/completions/ from the code's declarations (after adding a command,
#                an option, a rule or a file key; a test fails until they are regenerated)
# and, for development (see "Sanitizers and fuzzing" in docs/architecture.md):
#   make unit       the Swift tests alone (what to run while editing)
#   make lint       swift format lint --strict on the sources and tests (part of make test)
#   make sanitize   the tests under AddressSanitizer(+UBSan), then ThreadSanitizer
#   make fuzz       each libFuzzer target for FUZZ_SECONDS (default 60)
export PATH := $(PATH):/opt/swift/usr/bin

SWIFT ?= swift
ICONFORGE := .build/release/iconforge
UNAME := $(shell uname -s)

# The Swift runtime linked in statically: every start (and every render worker's) skips
# loading it, a few milliseconds that are most of a build where nothing changed. Linux
# only: on macOS the runtime is part of the system, and SwiftPM has no static option.
ifeq ($(UNAME),Linux)
STATIC_STDLIB := --static-swift-stdlib
endif

# SwiftPM reads pkg-config files itself. It asks pkg-config for its search path and looks
# in the .brew providers' kegs; naming Homebrew's folder as well costs nothing and covers
# a SwiftPM or pkg-config that does neither (not verified on a Mac).
ifeq ($(UNAME),Darwin)
BREW_PREFIX := $(shell brew --prefix 2>/dev/null)
ifneq ($(BREW_PREFIX),)
export PKG_CONFIG_PATH := $(BREW_PREFIX)/lib/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
endif
endif

# Where `make install` puts things (DESTDIR for staging a package).
PREFIX ?= /usr/local
DESTDIR ?=
# BUILD=0: install the iconforge named by ICONFORGE as it is, without building first.
BUILD ?= 1
INSTALLED_FILES := bin/iconforge share/man/man1/iconforge.1 share/bash-completion/completions/iconforge \
	share/zsh/site-functions/_iconforge share/fish/vendor_completions.d/iconforge.fish
# Deepest first: uninstall removes those install created, when nothing else is in them.
INSTALLED_FOLDERS := bin share/man/man1 share/man share/bash-completion/completions share/bash-completion \
	share/zsh/site-functions share/zsh share/fish/vendor_completions.d share/fish share

.PHONY: all setup tool glyphs lint test test-address-lane test-thread-lane unit sanitize fuzz bench clean install uninstall docs

all: glyphs

setup:
	@scripts/setup.sh

tool: setup
	$(SWIFT) build -c release $(STATIC_STDLIB) --product iconforge

glyphs: tool
	$(ICONFORGE) build Glyphs -o Output

# What `make test` compiles, each once: the tests (debug), the tests under each sanitizer
# (debug, a folder each), the fuzz targets (release, -sanitize=fuzzer,address), and in
# PluginSampleTests iconforge as a plugin's tool (.build/plugin-sample). Most of each test
# build is the test targets, about 150 of its 210-250 CPU-seconds (Swift Testing's 4,000
# #expect and @Test expansions; split by layer they cost about the same, 243-270 against
# 243 CPU-seconds for a clean swift build --build-tests); -gline-tables-only,
# --disable-index-store and whole-module mode were measured on it and save nothing.
#
# AddressSanitizer runs every test that reaches C (librsvg, libpng, libdeflate, the shims)
# or iconforge's pointer code (IconForgeNative/, IconForgePlatform/): all but ASAN_SKIP,
# the suites that reach neither (the pure-Swift scanners and parsers, arguments, the
# debouncer), that only drive programs outside iconforge (zig and swiftc, swift build of
# the plugin sample, Python's validators, Ruby, bash scripts, the docs' text), that read
# the test sources (SilentSkipTests), or that time parsers against limits a sanitizer's
# slowdown only eats into (ParserBoundsTests; the fuzz targets run those parsers under
# AddressSanitizer). A new suite is sanitized unless it is named here. The filters name
# suites, not test targets, so they hold wherever a suite's file lives under Tests/. ThreadSanitizer runs the tests where threads and processes meet
# (locks, parallel jobs, workers, signals, commits, watching). `make sanitize` runs every
# test under both.
ASAN_SKIP := \.(ArgumentParserTests|CSSDeclarationsTests|CSSPaintTests|ColorCascadeTests|DebouncerTests|EmojiScannerTests|JSONParserTests|PaintModelTests|PathDataSyntaxTests|SingleLinePositionTests|SourceCursorTests|SourceDecoderTests|XMLScannerTests|DocumentationTests|FuzzCrashMinimisingTests|FuzzWithoutLibFuzzerTests|GeneratedFilesTests|HomebrewFormulaTests|MacOSCheckTests|PluginSampleTests|PortabilityTests|SilentSkipTests|WorkflowTests|ParserBoundsTests)/
TSAN_TESTS := LockTests|EarlyStagingTests|LockWaitTests|JobsTests|Worker|InterruptedBuildTests|DurableWriteTests|KilledAtEachStepTests|Watch|ProgressMeterTests|IncrementalBuildTests|PipelineOrderTests|PreviewPageTests|SafetyRegressionTests

# Two lanes at once (make -j2), for a 2-core machine: the tests, then AddressSanitizer's;
# and beside them the fuzzing, then ThreadSanitizer's. The fuzz targets' release build and
# runs keep one core busy for minutes, and the test runs leave one idle at times; each lane
# keeps both cores for its own builds otherwise. The second lane's output goes to logs in
# .build/make-test/, each printed when its step ends. Either lane failing fails make test,
# once both have finished (FUZZ_SECONDS and FUZZ_SEED pass through to scripts/fuzz.sh).
test:
	@scripts/setup.sh --test
	@$(MAKE) --no-print-directory lint
	@$(MAKE) --no-print-directory -j2 test-address-lane test-thread-lane

# The formatter in the toolchain (swift-format), configured in .swift-format (4 spaces,
# 120 columns): `swift format -i -r` the paths below fixes nearly all it reports.
FORMATTED := Package.swift Sources Tests Plugins Fuzz/Package.swift Fuzz/Sources
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

test-address-lane: unit
	SANITIZE_SKIP='$(ASAN_SKIP)' scripts/sanitize.sh address

# $(call logged,NAME,COMMAND): COMMAND's output into .build/make-test/NAME.log, printed
# when it ends; true when COMMAND succeeded.
logged = { $(2); } >.build/make-test/$(1).log 2>&1; s=$$?; cat .build/make-test/$(1).log >&2; [ $$s -eq 0 ]

test-thread-lane:
	@mkdir -p .build/make-test; echo "make test: fuzzing, then ThreadSanitizer's tests, beside the others (.build/make-test/)" >&2
	@status=0; \
	$(call logged,fuzz,FUZZ_SECONDS=$${FUZZ_SECONDS:-10} FUZZ_SEED=$${FUZZ_SEED:-1} FUZZ_OPTIONAL=1 scripts/fuzz.sh) || status=1; \
	$(call logged,thread,SANITIZE_FILTER='$(TSAN_TESTS)' scripts/sanitize.sh thread) || status=1; \
	exit $$status

unit:
	@scripts/setup.sh --test
	scripts/build-tests.sh
	$(SWIFT) test --skip-build

sanitize:
	@scripts/setup.sh --test
	scripts/sanitize.sh

fuzz:
	@scripts/setup.sh
	scripts/fuzz.sh

bench: tool
	bench/run.sh

install: $(if $(filter 0,$(BUILD)),,tool)
	@root='$(DESTDIR)$(PREFIX)'; set -e; \
	install -d "$$root/bin" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
		"$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d"; \
	install -m 755 '$(ICONFORGE)' "$$root/bin/iconforge"; \
	install -m 644 docs/iconforge.1 "$$root/share/man/man1/iconforge.1"; \
	install -m 644 docs/completions/iconforge.bash "$$root/share/bash-completion/completions/iconforge"; \
	install -m 644 docs/completions/_iconforge "$$root/share/zsh/site-functions/_iconforge"; \
	install -m 644 docs/completions/iconforge.fish "$$root/share/fish/vendor_completions.d/iconforge.fish"; \
	echo "installed iconforge into $$root (check it with: iconforge --version; iconforge doctor)"

uninstall:
	@root='$(DESTDIR)$(PREFIX)'; \
	for file in $(INSTALLED_FILES); do rm -f "$$root/$$file"; done; \
	for folder in $(INSTALLED_FOLDERS); do rmdir "$$root/$$folder" 2>/dev/null || true; done

docs:
	$(SWIFT) build --product iconforge
	.build/debug/iconforge generate-docs .

clean:
	rm -rf .build
