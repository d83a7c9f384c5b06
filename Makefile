# assetc — build-time asset compiler. `make example` and `make test` set up everything they need.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
APT_PACKAGES := libpoppler-glib-dev libcairo2-dev librsvg2-dev libfontconfig-dev libpng-dev libdeflate-dev libwebp-dev libheif-dev libturbojpeg0-dev liblcms2-dev libqpdf-dev libxml2-dev nettle-dev
TEST_PACKAGES := poppler-utils librsvg2-bin ninja-build python3-jsonschema python3-venv rsync
# Debian packages, through sudo only when not root; without either, a message naming the packages
# instead of `sudo: command not found`.
apt_install = if [ "$$(id -u)" = 0 ]; then as=; elif command -v sudo >/dev/null; then as=sudo; \
	else echo "error: installing $(1) needs root or sudo: run 'apt-get install $(1)' as root, then make again" >&2; exit 1; fi; \
	$$as apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$as apt-get install -y -qq $(1)
# The relocatable release build has its own build folder: SwiftPM's own release builds (the
# generate-manual plugin builds the tool in .build/release) must not replace it with a dynamic one.
RELEASE_PATH := .build/static
RELEASE_BIN := $(RELEASE_PATH)/release/assetc
# SwiftPM (6.3) leaves a handful of empty `TemporaryDirectory.*` folders in $TMPDIR at every build
# and test run. Each SwiftPM call here gets a temporary folder of its own, removed when it ends,
# so `make test` leaves nothing behind in /tmp.
SWIFT_TMP = tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/assetc-swiftpm.XXXXXX") && trap 'rm -rf "$$tmp"' EXIT && TMPDIR="$$tmp"

.PHONY: all deps test-deps build release example test test-engines test-browser bench bench-compressors bench-runflate bench-scale install install-stage dist clean fuzz

all: build

# Installs the C libraries when pkg-config cannot find them (Debian/Ubuntu).
deps:
	@if ! pkg-config --exists poppler-glib cairo librsvg-2.0 fontconfig libpng libdeflate libwebp libheif libturbojpeg lcms2 libqpdf libxml-2.0 nettle 2>/dev/null; then \
		echo "Installing $(APT_PACKAGES)..."; \
		$(call apt_install,$(APT_PACKAGES) pkg-config); \
	fi

# Tests compare renders with pdftocairo and rsvg-convert (references only; assetc never calls them),
# run the generated build.ninja with Ninja and CocoaPods' resources script (which needs rsync).
test-deps: deps
	@if ! command -v pdftocairo >/dev/null || ! command -v rsvg-convert >/dev/null || ! command -v ninja >/dev/null || ! command -v rsync >/dev/null \
		|| ! python3 -c 'import jsonschema, ensurepip' 2>/dev/null; then \
		echo "Installing $(TEST_PACKAGES)..."; \
		$(call apt_install,$(TEST_PACKAGES)); \
	fi

build: deps
	$(SWIFT_TMP) $(SWIFT) build

# The Swift runtime is linked statically, so the binary runs on machines without the toolchain
# (remote build workers); the check fails the target if any Swift library is still linked dynamically.
release: deps
	$(SWIFT_TMP) $(SWIFT) build -c release --static-swift-stdlib --build-path $(RELEASE_PATH)
	@if ldd $(RELEASE_BIN) | grep -i swift; then echo "error: $(RELEASE_BIN) links the Swift runtime dynamically" >&2; exit 1; fi

example: release
	rm -rf Examples/build
	$(RELEASE_BIN) build Examples/assets.json
	@echo "Resource tree: Examples/build/assets/Resources (index: Examples/build/assets/asset-index.json)"

# Apple's reference LZFSE decoder (PyPI `lzfse`, its C code in a wheel) checks every Assets.car chunk.
LZFSE_VENV := .build-tools/lzfse
test: test-deps
	@test -x $(LZFSE_VENV)/bin/python && $(LZFSE_VENV)/bin/python -c 'import lzfse' 2>/dev/null \
		|| { python3 -m venv $(LZFSE_VENV) && $(LZFSE_VENV)/bin/pip install -q lzfse==0.4.2.post1; }
	$(SWIFT_TMP) $(SWIFT) build
	$(SWIFT_TMP) ASSETC_LZFSE_PYTHON=$(abspath $(LZFSE_VENV))/bin/python $(SWIFT) test
	# runflate (`--png-effort max`'s encoder) on adversarial rows, each stream inflated by zlib
	$(MAKE) -s -C Benchmarks/runflate test
	Benchmarks/runflate/test --effort 4
	# the PNG shim's encoder under ASan and UBSan: every filter-mode list, each file decoded again
	$(MAKE) -s -C Tests/ShimHarness run

# Bazel (Debian's bazel-bootstrap) running assetc's actions, with a disk cache and BuildGrid (PyPI
# 0.4.4) as a REAPI remote cache on 127.0.0.1: heavy, so not part of `make test`. docs/build-engines.md.
ENGINES_VENV := .build-engines/venv
test-engines: test-deps release
	@command -v bazel >/dev/null || { $(call apt_install,bazel-bootstrap); }
	@test -x $(ENGINES_VENV)/bin/bgd || { python3 -m venv $(ENGINES_VENV) && $(ENGINES_VENV)/bin/pip install -q buildgrid==0.4.4; }
	$(SWIFT_TMP) ASSETC_ENGINE_TESTS=1 ASSETC_RELEASE_BIN=$(abspath $(RELEASE_BIN)) BUILDGRID_BGD=$(abspath $(ENGINES_VENV)/bin/bgd) \
		$(SWIFT) test --filter BazelTests

# report.html opened in headless Chromium (Debian `chromium`): every image loads. Heavy, so apart.
test-browser: test-deps
	@command -v chromium >/dev/null || { $(call apt_install,chromium); }
	$(SWIFT_TMP) $(SWIFT) build
	$(SWIFT_TMP) ASSETC_BROWSER_TESTS=1 $(SWIFT) test --filter ContactSheetBrowserTests

# Side-by-side ratios against a pdftocairo loop, a minimal C renderer and oxipng; see docs/performance.md.
# Benchmarks/anchors.py adds the all-core anchors: pdftocairo and rsvg-convert with xargs -P, the
# render-only floor, libvips in-process (pyvips, Debian libvips42) and oxipng's time; efforts.py the
# --png-effort table against oxipng -o2, catalog_efforts.py the same on real catalogs' PNGs (icons,
# glyphs, photographs, art); bench-runflate (below) the encoder of `max` alone.
BENCH_VENV := .build-tools/bench
bench: release test-deps
	@dpkg -s libvips42 >/dev/null 2>&1 || { $(call apt_install,libvips42); }
	@$(BENCH_VENV)/bin/python -c "import oxipng, pyvips" 2>/dev/null \
		|| { python3 -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install -q pyoxipng pyvips; }
	$(BENCH_VENV)/bin/python Benchmarks/bench.py $(BENCH_ARGS)
	$(BENCH_VENV)/bin/python Benchmarks/anchors.py $(ANCHOR_ARGS)
	$(BENCH_VENV)/bin/python Benchmarks/efforts.py $(EFFORT_ARGS)
	$(BENCH_VENV)/bin/python Benchmarks/catalog_efforts.py
	$(BENCH_VENV)/bin/python Benchmarks/catalogs.py
	python3 Benchmarks/car_pairs.py
	python3 Benchmarks/optimization.py --assetc $(RELEASE_BIN)
	$(MAKE) bench-runflate
	$(MAKE) bench-scale

# The scale guard (docs/performance.md, "Scale"): the one JSON encoder's cost per entry at 10k, 40k
# and 160k entries, then manifests of 5k, 20k and 80k images built clean, no-op and after one change,
# and the actool mode on a 2,000-set catalog. SCALE_ARGS="--counts 5000 20000" for a shorter run.
bench-scale: release
	swift build -c release --product assetc-encoder-bench
	.build/release/assetc-encoder-bench 10000 40000 160000
	python3 Benchmarks/scale.py --assetc $(RELEASE_BIN) $(SCALE_ARGS)

# The compressor survey behind docs/performance.md's "What the compressors can do": Debian's
# libdeflate at every level, ISA-L and Zopfli (installed here for the survey only; assetc links
# libdeflate alone) on the benchmark's PNG rows, against oxipng -o2. Levels 10-12 take minutes.
bench-compressors: release test-deps
	@dpkg -s libisal-dev libzopfli-dev >/dev/null 2>&1 || { $(call apt_install,libisal-dev libzopfli-dev); }
	@$(BENCH_VENV)/bin/python -c "import oxipng, pyvips" 2>/dev/null \
		|| { python3 -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install -q pyoxipng pyvips; }
	$(BENCH_VENV)/bin/python Benchmarks/compressors.py --high $(COMPRESSOR_ARGS)

# runflate, the run-aware deflate encoder (Sources/PNGShim/runflate.c; `--png-effort max` uses its
# effort 4): its round-trip tests at every effort, then its efforts beside libdeflate's levels on
# the benchmark's rows, one core, then effort 4 beside libdeflate 12 and Zopfli (one iteration) on
# every 20th image (Zopfli takes about 0.8 µs a byte); then the same on real catalogs' PNGs.
# `make bench` ends with it.
bench-runflate: release test-deps
	@dpkg -s libzopfli-dev >/dev/null 2>&1 || { $(call apt_install,libzopfli-dev); }
	rm -f Benchmarks/runflate/bench
	$(MAKE) -C Benchmarks/runflate test bench
	Benchmarks/runflate/test
	@$(BENCH_VENV)/bin/python -c "import oxipng, pyvips" 2>/dev/null \
		|| { python3 -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install -q pyoxipng pyvips; }
	$(BENCH_VENV)/bin/python Benchmarks/runflate/dataset.py --oxipng
	Benchmarks/runflate/bench .build-bench/runflate/list.txt 1 r0 r1 r2 r3 r4 l5 l12
	python3 Benchmarks/runflate/target.py 1
	Benchmarks/runflate/bench .build-bench/runflate/list.txt 20 r4 l12 z1
	python3 Benchmarks/runflate/target.py 20
	$(BENCH_VENV)/bin/python Benchmarks/runflate/dataset.py --catalogs --oxipng
	Benchmarks/runflate/bench .build-bench/runflate-catalogs/list.txt 1 r4 l5 l12
	python3 Benchmarks/runflate/target.py 1 .build-bench/runflate-catalogs
	Benchmarks/runflate/bench .build-bench/runflate-catalogs/list.txt 20 r4 l12 z1
	python3 Benchmarks/runflate/target.py 20 .build-bench/runflate-catalogs

# libFuzzer on the manifest decoder, the PNG reader/writer, the Icon Composer reader, the PDF
# content-stream repair and runflate (`max`'s deflate encoder), FUZZ_SECONDS each (not run by CI).
# Crashes land in .build-fuzz/artifacts/; replay one with `swift run assetc-fuzz manifest FILE`.
FUZZ_SECONDS ?= 300
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -use-ld=lld --build-path .build-fuzz
fuzz: deps
	$(SWIFT_TMP) $(SWIFT) build --product assetc-fuzz $(FUZZ_FLAGS)
	mkdir -p .build-fuzz/corpus/manifest .build-fuzz/corpus/png .build-fuzz/corpus/icon .build-fuzz/corpus/content \
		.build-fuzz/corpus/deflate .build-fuzz/artifacts
	head -c 4096 /dev/zero > .build-fuzz/corpus/deflate/runs
	printf '\077\001%s' "$$(seq -s, 1 2000)" > .build-fuzz/corpus/deflate/texture
	printf '0 1 0 rg 30 30 m 90 30 l -nan -nan l 90 90 l h f q BI /W 1 /H 1 ID x EI Q [1 nan] 0 d (a\\)) Tj' > .build-fuzz/corpus/content/seed
	cp Tests/Fixtures/full/assets.json .build-fuzz/corpus/manifest/full.json
	cp Examples/assets.json .build-fuzz/corpus/manifest/example.json
	find Tests/Fixtures -name '*.png' -size -300k -exec cp {} .build-fuzz/corpus/png/ \;
	for bundle in Tests/Fixtures/iconcomposer/*.icon; do cp "$$bundle/icon.json" ".build-fuzz/corpus/icon/$$(basename "$$bundle").json"; done
	.build-fuzz/debug/assetc-fuzz manifest -max_total_time=$(FUZZ_SECONDS) \
		-artifact_prefix=.build-fuzz/artifacts/manifest- .build-fuzz/corpus/manifest
	.build-fuzz/debug/assetc-fuzz png -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096 \
		-artifact_prefix=.build-fuzz/artifacts/png- .build-fuzz/corpus/png
	.build-fuzz/debug/assetc-fuzz icon -max_total_time=$(FUZZ_SECONDS) \
		-artifact_prefix=.build-fuzz/artifacts/icon- .build-fuzz/corpus/icon
	.build-fuzz/debug/assetc-fuzz content -max_total_time=$(FUZZ_SECONDS) \
		-artifact_prefix=.build-fuzz/artifacts/content- .build-fuzz/corpus/content
	.build-fuzz/debug/assetc-fuzz deflate -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
		-artifact_prefix=.build-fuzz/artifacts/deflate- .build-fuzz/corpus/deflate

# The binary, its man page (generated by swift-argument-parser's generate-manual plugin from the
# commands' help, with the exit codes) and bash, zsh and fish completions, in their standard folders.
MANUAL := .build/plugins/GenerateManual/outputs/assetc/assetc.1
install: release
	$(SWIFT_TMP) $(SWIFT) package plugin generate-manual >/dev/null
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/assetc
	# The same binary answers as actool by that name; xcrun (for `xcrun actool`) is kept off the
	# default PATH, in a folder a build puts first on PATH when it calls xcrun (docs/actool.md).
	ln -sf assetc $(DESTDIR)$(PREFIX)/bin/actool
	ln -sf assetc $(DESTDIR)$(PREFIX)/bin/assetutil
	install -d $(DESTDIR)$(PREFIX)/libexec/assetc/xcrun
	ln -sf ../../../bin/assetc $(DESTDIR)$(PREFIX)/libexec/assetc/xcrun/xcrun
	ln -sf ../../../bin/assetc $(DESTDIR)$(PREFIX)/libexec/assetc/xcrun/actool
	ln -sf ../../../bin/assetc $(DESTDIR)$(PREFIX)/libexec/assetc/xcrun/assetutil
	install -m 644 $(MANUAL) $(DESTDIR)$(PREFIX)/share/man/man1/assetc.1
	$(RELEASE_BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/assetc
	$(RELEASE_BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_assetc
	$(RELEASE_BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/assetc.fish

# A release tarball: what `make install` puts under a prefix, with the README and the manifest
# reference. The binary links the Swift runtime statically (checked by `release`), so it runs on a
# Debian 12 machine with only the rendering libraries installed. Reproducible: sorted, fixed times.
DIST_STAGE := .build/dist/stage
dist: install-stage
	$(eval VERSION := $(shell $(RELEASE_BIN) --version | cut -d' ' -f2))
	$(eval NAME := assetc-$(VERSION)-linux-$(shell uname -m))
	rm -rf .build/dist/$(NAME) && mkdir -p .build/dist && cp -R $(DIST_STAGE) .build/dist/$(NAME)
	mkdir -p .build/dist/$(NAME)/share/doc/assetc
	cp README.md docs/manifest.md docs/cli.md docs/assets.schema.json .build/dist/$(NAME)/share/doc/assetc/
	tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C .build/dist -czf .build/dist/$(NAME).tar.gz $(NAME)
	@echo "Built .build/dist/$(NAME).tar.gz"; ldd .build/dist/$(NAME)/bin/assetc | grep -ci swift | grep -q '^0$$' && echo "bin/assetc links only system libraries"

install-stage:
	rm -rf $(DIST_STAGE)
	$(MAKE) install DESTDIR=$(CURDIR)/$(DIST_STAGE) PREFIX=

clean:
	rm -rf .build Examples/build
