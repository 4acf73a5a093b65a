# iconforge — the two commands:
#   make         set up, build iconforge, and build the shipped Glyphs/ into Output/
#   make test    set up and run the whole test suite
export PATH := $(PATH):/opt/swift/usr/bin

SWIFT ?= swift
ICONFORGE := .build/release/iconforge

.PHONY: all setup tool glyphs test bench clean

all: glyphs

setup:
	@scripts/setup.sh

# The Swift runtime linked in statically: every start (and every render worker's) skips
# loading it, a few milliseconds that are most of a build where nothing changed.
tool: setup
	$(SWIFT) build -c release --static-swift-stdlib --product iconforge

glyphs: tool
	$(ICONFORGE) build Glyphs -o Output

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: tool
	bench/run.sh

clean:
	rm -rf .build
