# ListRender: `make demo` and `make test` install what is missing, then build and run.
APT_PACKAGES := libcairo2-dev libpango1.0-dev libthai-dev libfreetype-dev libpng-dev libdeflate-dev libgif-dev libimagequant-dev libwebp-dev libicu-dev \
                librsvg2-dev libgdk-pixbuf-2.0-dev nettle-dev curl \
                webp-pixbuf-loader fonts-roboto-unhinted fonts-material-design-icons-iconfont \
                fonts-noto-core fonts-noto-mono fonts-noto-cjk fonts-noto-color-emoji
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT_FORMAT := swift format
# The release binary links the Swift runtime and Foundation statically: no symbol lookups across
# a dozen Swift libraries at start-up (`listrender --version` 20 ms -> 12 ms). The pixels and
# bytes it writes are the same as a dynamically linked build's. With no Swift library to find
# beside it, it has no $ORIGIN run path either: the loader looked for each of its 49 libraries
# in the binary's own folder first (40 failed opens a start, and a library dropped beside an
# installed binary would have been loaded).
RELEASE_BUILD := swift build -c release --static-swift-stdlib --disable-local-rpath --product listrender

.PHONY: deps deps-test pkgconfig demo build install test test-fast fuzz format format-check bench skins clean

# The packages of $(1) that dpkg does not list as installed.
missing = $(shell for p in $(1); do \
  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done)
APT_INSTALL = $(SUDO) apt-get update -qq && \
  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends

## deps: install only the Debian packages that are missing
deps:
	@missing="$(call missing,$(APT_PACKAGES))"; \
	if [ -n "$$missing" ]; then echo "installing: $$missing"; $(APT_INSTALL) $$missing; fi

## deps-test: what only the tests need: rsvg-convert and pdftoppm rasterize the SVG and PDF
## outputs, zopflipng serves record --optimize, xmllint checks the JUnit output against a schema;
## Chromium renders the HTML report in a real browser, and Debian's bazel-bootstrap (a real
## Bazel 4.2.3) runs verify as a sharded test, and nginx (its WebDAV module) serves as an HTTP
## golden store (if one cannot be installed, its test is skipped with a printed reason; the
## system's nginx service is stopped: the test starts its own on a loopback port).
TEST_PACKAGES := librsvg2-bin poppler-utils zopfli libxml2-utils
BROWSER_PACKAGES := chromium
BAZEL_PACKAGES := bazel-bootstrap
STORE_PACKAGES := nginx
deps-test:
	@missing="$(call missing,$(TEST_PACKAGES))"; \
	if [ -n "$$missing" ]; then echo "installing: $$missing"; $(APT_INSTALL) $$missing; fi
	@missing="$(call missing,$(BROWSER_PACKAGES))"; \
	if [ -n "$$missing" ]; then echo "installing: $$missing"; \
	  ( $(APT_INSTALL) $$missing ) || echo "could not install $$missing: the report's browser test will be skipped"; fi
	@missing="$(call missing,$(BAZEL_PACKAGES))"; \
	if [ -n "$$missing" ]; then echo "installing: $$missing"; \
	  ( $(APT_INSTALL) $$missing ) || echo "could not install $$missing: the Bazel test will be skipped"; fi
	@missing="$(call missing,$(STORE_PACKAGES))"; \
	if [ -n "$$missing" ]; then echo "installing: $$missing"; \
	  ( $(APT_INSTALL) $$missing && ( systemctl disable --now nginx 2>/dev/null || service nginx stop 2>/dev/null || true ) ) \
	  || echo "could not install $$missing: the HTTP store test will be skipped"; fi

## demo: release build, then the built-in showcase to out/showcase.png and its ripple to out/ripple.gif
demo: deps pkgconfig
	$(RELEASE_BUILD)
	mkdir -p out
	.build/release/listrender render -o out/showcase.png
	.build/release/listrender animate --scale 1 --gif out/ripple.gif
	@echo "wrote out/showcase.png and out/ripple.gif"

build: deps pkgconfig
	swift build

## install: the release binary, bash/zsh/fish completions and a man page (the argument parser's
## generate-manual, dated by the last commit) under PREFIX (default /usr/local; DESTDIR for staging).
## The manual plugin builds the tool its own (dynamically linked) way, so it gets a build folder of
## its own: the statically linked binary is the one installed.
PREFIX ?= /usr/local
MANUAL_DATE := $(shell git log -1 --format=%cs 2>/dev/null || echo 2026-01-01)
install: deps pkgconfig
	$(RELEASE_BUILD)
	swift package --scratch-path .build/manual --disable-sandbox plugin generate-manual \
	  --date $(MANUAL_DATE)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 .build/release/listrender $(DESTDIR)$(PREFIX)/bin/listrender
	install -m 644 .build/manual/plugins/GenerateManual/outputs/ListRenderCLI/listrender.1 \
	  $(DESTDIR)$(PREFIX)/share/man/man1/listrender.1
	.build/release/listrender --generate-completion-script bash \
	  > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/listrender
	.build/release/listrender --generate-completion-script zsh \
	  > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_listrender
	.build/release/listrender --generate-completion-script fish \
	  > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/listrender.fish
	@echo "installed listrender, its man page and completions under $(DESTDIR)$(PREFIX)"

## pkgconfig: SwiftPM reads pkg-config files itself and warns "prohibited flag(s): -pthread"
## at every build (glib's and harfbuzz's Libs name it; the Swift runtime links pthread anyway):
## the build reads copies of the files that name it, without it. The flags are otherwise the same.
PKG_CONFIG_DIR := $(CURDIR)/.build/pkgconfig
export PKG_CONFIG_PATH := $(PKG_CONFIG_DIR)
pkgconfig: deps
	@mkdir -p $(PKG_CONFIG_DIR)
	@for dir in $$(pkg-config --variable pc_path pkg-config | tr : ' '); do \
	  for file in $$dir/*.pc; do \
	    [ -f "$$file" ] && grep -q -- '-pthread' "$$file" && \
	      sed 's/ -pthread//g' "$$file" > $(PKG_CONFIG_DIR)/$$(basename "$$file"); \
	  done; \
	done; true

## test: the whole suite (what .ci/run calls); goldens are compared, never recorded; it
## includes a 10 s fuzzing smoke run (FuzzTests; `make fuzz` runs longer)
test: deps deps-test pkgconfig format-check
	LISTRENDER_RECORD=never swift test

## test-fast: the unit level alone — the model, codec, string catalog and layout test targets,
## which draw nothing and run no binary (127 tests, about 13 s once built)
UNIT_TARGETS := ListModelTests|ImageCodecTests|StringCatalogsTests|ListLayoutTests
test-fast: deps pkgconfig
	LISTRENDER_RECORD=never swift test --filter '$(UNIT_TARGETS)'

## fuzz: mutation fuzzing of decode, layout and paint for SECONDS (default 300), seed SEED
SECONDS ?= 300
SEED ?= 1
fuzz: deps pkgconfig
	LISTRENDER_FUZZ_SECONDS=$(SECONDS) LISTRENDER_FUZZ_SEED=$(SEED) swift test -c release -Xswiftc -enable-testing --filter FuzzTests

format-check:
	$(SWIFT_FORMAT) lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT_FORMAT) format --in-place --recursive Package.swift Sources Tests

## bench: release build, then every scene of Fixtures/bench (../shared/bench's, unchanged) beside
## the C measuring stick cinbox (built from ../shared/bench; libdeflate-dev is one of APT_PACKAGES):
## one table.
bench: deps pkgconfig
	$(RELEASE_BUILD)
	python3 Fixtures/bench/bench.py

## skins: rewrite Sources/ListModel/MisticaTokenTables.swift (every token) and
## Sources/ListLayout/MisticaSkins.swift (each skin, mapped) from Telefonica/mistica-design's token
## files at SKINS_COMMIT, read by the reader --tokens uses (Sources/GenerateSkins): downloaded,
## or TOKENS=DIR reads DIR/<brand>.json. To move to a newer release, change SKINS_COMMIT. The
## generator links ListModel and ListLayout, tables included: they must compile for it to write
## new ones.
SKINS_COMMIT = dee515a65ca9c966619fc1e632db1f3f49e85fed
SKIN_BRANDS = movistar o2 vivo telefonica blau tu esimflag
skins: deps pkgconfig
	set -e; dir="$(TOKENS)"; \
	if [ -z "$$dir" ]; then \
	  dir=$$(mktemp -d); trap 'rm -rf "$$dir"' EXIT; \
	  for brand in $(SKIN_BRANDS); do \
	    curl -fsSL -o "$$dir/$$brand.json" \
	      "https://raw.githubusercontent.com/Telefonica/mistica-design/$(SKINS_COMMIT)/tokens/$$brand.json"; \
	  done; \
	fi; \
	swift build --product GenerateSkins; \
	$$(swift build --show-bin-path)/GenerateSkins "$$dir" $(SKINS_COMMIT) \
	  .build/MisticaTokenTables.swift .build/MisticaSkins.swift; \
	$(SWIFT_FORMAT) format .build/MisticaTokenTables.swift > Sources/ListModel/MisticaTokenTables.swift; \
	$(SWIFT_FORMAT) format .build/MisticaSkins.swift > Sources/ListLayout/MisticaSkins.swift

clean:
	rm -rf .build out
