# assetc — build-time asset compiler. `make example` and `make test` set up everything they need.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
APT_PACKAGES := libpoppler-glib-dev libcairo2-dev librsvg2-dev libfontconfig-dev libpng-dev libdeflate-dev
TEST_PACKAGES := poppler-utils librsvg2-bin ninja-build python3-jsonschema
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_BIN := .build/release/assetc

.PHONY: all deps test-deps build release example test test-engines test-browser bench install clean fuzz

all: build

# Installs the C libraries when pkg-config cannot find them (Debian/Ubuntu).
deps:
	@if ! pkg-config --exists poppler-glib cairo librsvg-2.0 fontconfig libpng libdeflate 2>/dev/null; then \
		echo "Installing $(APT_PACKAGES)..."; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES) pkg-config; \
	fi

# Tests compare renders with pdftocairo and rsvg-convert (references only; assetc never calls them)
# and run the generated build.ninja with Ninja.
test-deps: deps
	@if ! command -v pdftocairo >/dev/null || ! command -v rsvg-convert >/dev/null || ! command -v ninja >/dev/null \
		|| ! python3 -c 'import jsonschema' 2>/dev/null; then \
		echo "Installing $(TEST_PACKAGES)..."; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(TEST_PACKAGES); \
	fi

build: deps
	$(SWIFT) build

# The Swift runtime is linked statically, so the binary runs on machines without the toolchain
# (remote build workers); the check fails the target if any Swift library is still linked dynamically.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib
	@if ldd $(RELEASE_BIN) | grep -i swift; then echo "error: $(RELEASE_BIN) links the Swift runtime dynamically" >&2; exit 1; fi

example: release
	rm -rf Examples/build
	$(RELEASE_BIN) build Examples/assets.json
	@echo "Resource tree: Examples/build/assets/Resources (index: Examples/build/assets/asset-index.json)"

test: test-deps
	$(SWIFT) build
	$(SWIFT) test

# Bazel (Debian's bazel-bootstrap) running assetc's actions, with a disk cache and BuildGrid (PyPI
# 0.4.4) as a REAPI remote cache on 127.0.0.1: heavy, so not part of `make test`. docs/build-engines.md.
ENGINES_VENV := .build-engines/venv
test-engines: test-deps release
	@command -v bazel >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq bazel-bootstrap; }
	@test -x $(ENGINES_VENV)/bin/bgd || { python3 -m venv $(ENGINES_VENV) && $(ENGINES_VENV)/bin/pip install -q buildgrid==0.4.4; }
	ASSETC_ENGINE_TESTS=1 ASSETC_RELEASE_BIN=$(abspath $(RELEASE_BIN)) BUILDGRID_BGD=$(abspath $(ENGINES_VENV)/bin/bgd) \
		$(SWIFT) test --filter BazelTests

# report.html opened in headless Chromium (Debian `chromium`): every image loads. Heavy, so apart.
test-browser: test-deps
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }
	$(SWIFT) build
	ASSETC_BROWSER_TESTS=1 $(SWIFT) test --filter ContactSheetBrowserTests

# Side-by-side ratios against a pdftocairo loop, a minimal C renderer and oxipng; see docs/performance.md.
bench: release test-deps
	@python3 -c "import oxipng" 2>/dev/null || pip install -q pyoxipng 2>/dev/null \
		|| pip install -q --break-system-packages pyoxipng
	python3 Benchmarks/bench.py $(BENCH_ARGS)
	python3 Benchmarks/catalogs.py

# libFuzzer on the manifest decoder and the PNG reader/writer, FUZZ_SECONDS each (not run by CI).
# Crashes land in .build-fuzz/artifacts/; replay one with `swift run assetc-fuzz manifest FILE`.
FUZZ_SECONDS ?= 300
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -use-ld=lld --build-path .build-fuzz
fuzz: deps
	$(SWIFT) build --product assetc-fuzz $(FUZZ_FLAGS)
	mkdir -p .build-fuzz/corpus/manifest .build-fuzz/corpus/png .build-fuzz/artifacts
	cp Tests/Fixtures/full/assets.json .build-fuzz/corpus/manifest/full.json
	cp Examples/assets.json .build-fuzz/corpus/manifest/example.json
	find Tests/Fixtures -name '*.png' -size -300k -exec cp {} .build-fuzz/corpus/png/ \;
	.build-fuzz/debug/assetc-fuzz manifest -max_total_time=$(FUZZ_SECONDS) \
		-artifact_prefix=.build-fuzz/artifacts/manifest- .build-fuzz/corpus/manifest
	.build-fuzz/debug/assetc-fuzz png -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096 \
		-artifact_prefix=.build-fuzz/artifacts/png- .build-fuzz/corpus/png

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/assetc

clean:
	rm -rf .build Examples/build
