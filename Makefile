# iconforge — the two commands:
#   make         set up, build iconforge, and build the shipped Glyphs/ into Output/
#   make test    set up and run the whole test suite
# and, for development (see "Sanitizers and fuzzing" in the README):
#   make sanitize   the suite under AddressSanitizer(+UBSan), then ThreadSanitizer
#   make fuzz       each libFuzzer target for FUZZ_SECONDS (default 60)
#   make ci         what CI runs (.ci/run): make test, make sanitize, a 10 s make fuzz
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

.PHONY: all setup tool glyphs test sanitize fuzz ci bench clean

all: glyphs

setup:
	@scripts/setup.sh

tool: setup
	$(SWIFT) build -c release $(STATIC_STDLIB) --product iconforge

glyphs: tool
	$(ICONFORGE) build Glyphs -o Output

test:
	@scripts/setup.sh --test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

sanitize:
	@scripts/setup.sh --test
	scripts/sanitize.sh

fuzz:
	@scripts/setup.sh
	scripts/fuzz.sh

ci: test sanitize
	FUZZ_SECONDS=$${FUZZ_SECONDS:-10} scripts/fuzz.sh

bench: tool
	bench/run.sh

clean:
	rm -rf .build
