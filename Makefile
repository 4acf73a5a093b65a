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

tool: setup
	$(SWIFT) build -c release --product iconforge

glyphs: tool
	$(ICONFORGE) build Glyphs -o Output

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: tool
	bench/run.sh

clean:
	rm -rf .build
