# The two commands: `make run` starts the viewer, `make test` runs every test.
# Both install what is missing first (Debian packages via apt-get).
SWIFT ?= swift
CONFIG ?= debug
# Deterministic, GL-free rendering for headless GUI tests (see README).
GUI_TEST_ENV = GSK_RENDERER=cairo GTK_A11Y=none GDK_BACKEND=x11 GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
# The same without GSK_RENDERER: the renderer the app chooses (cairo over Xvfb's software GL).
DEFAULT_RENDERER_TEST_ENV = GTK_A11Y=none GDK_BACKEND=x11 GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
# GL asked for by name, as a user keeps it: frames drawn by software GL under Xvfb.
GL_RENDERER_TEST_ENV = GSK_RENDERER=gl $(DEFAULT_RENDERER_TEST_ENV)
# Accessibility on (GTK's AT-SPI bridge, the session bus starting the accessibility bus), for
# AccessibilityTreeTests, which read the viewer's tree as a screen reader does. A runtime
# folder of its own: without XDG_RUNTIME_DIR the accessibility bus's socket is
# ~/.cache/at-spi/bus, which another run under the same user (CI jobs, a second checkout)
# replaces, and the viewer then joins no tree or another run's.
A11Y_TEST_ENV = -u GTK_A11Y -u NO_AT_BRIDGE XDG_RUNTIME_DIR=$$(mktemp -d /tmp/apod-a11y.XXXXXX) GSK_RENDERER=cairo GDK_BACKEND=x11 GSETTINGS_BACKEND=memory
# A private session bus (for the fake desktop portal) and a virtual X display. The bus can start
# only the accessibility bus and dconf (scripts/test-session), never the desktop's own portals,
# so the tests behave the same with or without GNOME's portals installed.
# XVFB_SERVER="-n 140" pins the display number, for several checkouts testing at once on one
# machine (two `xvfb-run -a` starting together can pick the same free number).
XVFB_SERVER ?= -a
XVFB = scripts/test-session xvfb-run $(XVFB_SERVER) -s "-screen 0 1280x1024x24"
NOT_IN_TEST_PASSES = --skip 'DefaultRendererTests|GLRendererTests|AccessibilityTreeTests' --skip ViewerSoakTests --skip 'ShowURITests.testChildShowsTheLink'

APP_ID = io.github.apodviewer.APODViewer
PREFIX ?= $(HOME)/.local
DESTDIR ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
DATADIR = $(DESTDIR)$(PREFIX)/share
# Everything `make install` puts in place, so `make uninstall` removes exactly that.
INSTALLED = $(BINDIR)/apod $(BINDIR)/apod-viewer \
	$(DATADIR)/applications/$(APP_ID).desktop \
	$(DATADIR)/metainfo/$(APP_ID).metainfo.xml \
	$(DATADIR)/dbus-1/services/$(APP_ID).service \
	$(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg \
	$(DATADIR)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	$(DATADIR)/apod-viewer/sample \
	$(DATADIR)/gnome-shell/search-providers/$(APP_ID).search-provider.ini \
	$(DATADIR)/man/man1/apod.1 $(DATADIR)/man/man1/apod-viewer.1 \
	$(DATADIR)/bash-completion/completions/apod \
	$(patsubst po/%.po,$(DATADIR)/locale/%/LC_MESSAGES/apod-viewer.mo,$(wildcard po/*.po))

.PHONY: all deps build run test bench clean validate-data lint format install uninstall fuzz test-asan translations screenshots soak \
	release-build install-files deb test-package

all: build

deps:
	@scripts/install-deps

# Translations are compiled next to the binaries, where Localization finds them.
BIN_PATH = $$($(SWIFT) build -c $(CONFIG) --show-bin-path)

build: deps
	$(SWIFT) build -c $(CONFIG)
	scripts/compile-translations "$(BIN_PATH)/locale"

run: deps
	$(SWIFT) build -c $(CONFIG) --product apod-viewer
	scripts/compile-translations "$(BIN_PATH)/locale"
	"$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/apod-viewer" $(ARGS)

test: deps validate-data lint
	$(SWIFT) build --build-tests
	scripts/compile-translations "$(BIN_PATH)/locale"
	$(MAKE) --no-print-directory test-headless
	# Four passes, one summary: everything under cairo, DefaultRendererTests with the renderer
	# the app chooses, GLRendererTests under GSK_RENDERER=gl, AccessibilityTreeTests with
	# accessibility on. Left out of the first by name rather than skipped: the soak
	# (`make soak`) and ShowURITests' child half, which its parent test runs in a process of its
	# own. Any other skip must be in Tests/expected-skips.
	scripts/run-tests env $(GUI_TEST_ENV) $(XVFB) $(SWIFT) test --skip-build --disable-swift-testing $(NOT_IN_TEST_PASSES) \
		::: env $(DEFAULT_RENDERER_TEST_ENV) $(XVFB) $(SWIFT) test --skip-build --disable-swift-testing --filter DefaultRendererTests \
		::: env $(GL_RENDERER_TEST_ENV) $(XVFB) $(SWIFT) test --skip-build --disable-swift-testing --filter GLRendererTests \
		::: env $(A11Y_TEST_ENV) $(XVFB) $(SWIFT) test --skip-build --disable-swift-testing --filter AccessibilityTreeTests

# Only the accessibility tree tests (after `swift build --build-tests`).
.PHONY: test-a11y
test-a11y:
	env $(A11Y_TEST_ENV) $(XVFB) $(SWIFT) test --skip-build --disable-swift-testing --filter AccessibilityTreeTests

# The viewer's tests with no display and no session bus (after `swift build --build-tests`):
# GUI tests must skip, not fail or crash the run.
.PHONY: test-headless
test-headless:
	scripts/check-headless $(SWIFT) test --skip-build --disable-swift-testing --filter APODViewerTests

# Line coverage per module, from the whole suite (GUI tests included) in a separate build
# folder; the `apod` and `apod-viewer` processes the tests start are measured too.
COVERAGE_BUILD = .build/coverage
.PHONY: coverage
coverage: deps
	$(SWIFT) build --build-tests --enable-code-coverage --scratch-path $(COVERAGE_BUILD)
	scripts/compile-translations "$$($(SWIFT) build --scratch-path $(COVERAGE_BUILD) --show-bin-path)/locale"
	rm -f "$$($(SWIFT) build --scratch-path $(COVERAGE_BUILD) --show-bin-path)"/codecov/*.profraw
	-$(GUI_TEST_ENV) $(XVFB) $(SWIFT) test --skip-build --enable-code-coverage --disable-swift-testing --scratch-path $(COVERAGE_BUILD)
	scripts/coverage-report "$$($(SWIFT) build --scratch-path $(COVERAGE_BUILD) --show-bin-path)"

# The README's and the metainfo's screenshots: the GUI tests save PNGs of the windows, all
# from the generated offline sample, into .build/screenshots; this refreshes the copies in
# docs/screenshots. The main, grid, detail and preferences windows come in the light, dark and
# high-contrast styles (ScreenshotTests), within the 1000x700 software centres show.
SCREENSHOTS = main-window main-window-dark main-window-high-contrast random-grid random-grid-dark \
	detail-window detail-window-dark detail-window-high-contrast preferences-window preferences-window-dark \
	preferences-legacy search-results toast-saved detail-no-portal random-grid-narrow main-window-narrow \
	detail-zoomed detail-fullscreen detail-batch random-grid-offer preferences-narrow empty-day impossible-day \
	offline-banner offline-not-stored detail-more-of detail-more-of-dark detail-chinese-zh_TW
# The main window's views 1600 and 360 px wide, light and dark (ViewScreenshotTests, on a screen
# wide enough for 1600), copied as 256-colour PNGs to keep them small.
VIEW_SCREENSHOTS = $(foreach view,today random search favourites history on-this-day browse,\
	$(foreach width,1600 360,view-$(view)-$(width) view-$(view)-$(width)-dark))
WIDE_XVFB = scripts/test-session xvfb-run $(XVFB_SERVER) -s "-screen 0 1700x1100x24"
screenshots: deps
	$(SWIFT) build --build-tests
	$(GUI_TEST_ENV) $(XVFB) $(SWIFT) test --skip-build --disable-swift-testing --filter 'ScreenshotTests|ArchiveViewsTests|StatesAndFeedbackTests|NarrowLayoutTests|SetBackgroundTests|ArchiveDownloadTests.testTheFirstRandomGrid|RelatedObjectsRowTests|ChineseExplanationTests'
	$(GUI_TEST_ENV) $(WIDE_XVFB) $(SWIFT) test --skip-build --disable-swift-testing --filter ViewScreenshotTests
	mkdir -p docs/screenshots
	for name in $(SCREENSHOTS); do cp .build/screenshots/$$name.png docs/screenshots/; done
	for name in $(VIEW_SCREENSHOTS); do convert .build/screenshots/$$name.png -dither None -colors 256 PNG8:docs/screenshots/$$name.png; done

# The grid rows run the viewer itself: on a virtual display and a private session bus, with
# GTK's default renderer (what users get), not the tests' cairo. Built as the release programs
# are (RELEASE, below), so the bench and `make deb` share one build.
BENCH_ENV = GTK_A11Y=none GDK_BACKEND=x11 GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
bench: deps
	scripts/install-deps bench
	$(SWIFT) build $(RELEASE) --product apod-viewer
	$(SWIFT) build $(RELEASE) --product apod-bench
	$(BENCH_ENV) $(XVFB) "$(RELEASE_BIN)/apod-bench" $(ARGS)

# The core's tests under AddressSanitizer (LeakSanitizer included); toolchain-internal leaks
# are suppressed by library name in Tests/lsan-suppressions.txt.
test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan --filter APODCoreTests

# The viewer soak: 10 grids of 40 and 50 detail windows; prints RSS per round and fails if the
# last round's is over 120 % of the first's. APOD_SOAK_ROUNDS=N soaks longer.
soak: deps
	$(SWIFT) build --build-tests
	APOD_SOAK=1 $(GUI_TEST_ENV) $(XVFB) $(SWIFT) test --skip-build --filter ViewerSoakTests

# libFuzzer over decoding, text cleaning and dates; FUZZ_SECONDS per target (default 60).
fuzz: deps
	scripts/fuzz

# Refreshes po/apod-viewer.pot and merges it into every po/<lang>.po.
translations:
	scripts/update-translations

# The house rules (scripts/lint: no main-actor hops under GLib, GLib sources only through
# GtkKit, detached tasks capture weakly), the documents' links, make targets and lengths
# (scripts/check-docs) and the formatter's style (.swift-format), without changing a file.
# `make format` rewrites the tree in the formatter's style.
SWIFT_FORMAT_PATHS = Package.swift Sources Tests
lint:
	scripts/lint
	scripts/check-docs
	$(SWIFT) format lint --strict --parallel --recursive $(SWIFT_FORMAT_PATHS)

format:
	$(SWIFT) format format --in-place --parallel --recursive $(SWIFT_FORMAT_PATHS)

# The desktop file and AppStream metadata must pass the validators software centres run,
# without a warning: desktop-file-validate prints nothing for a clean file, and --strict makes
# any issue above pedantic fail. The one pedantic hint left is the capitals in the app ID
# (GNOME's reverse-DNS style; renaming it would break installed desktop files and settings).
validate-data: deps
	@out=$$(desktop-file-validate data/$(APP_ID).desktop 2>&1); echo "desktop-file-validate: $${out:-clean}"; test -z "$$out"
	appstreamcli validate --pedantic --strict --no-net data/$(APP_ID).metainfo.xml

# Release binaries link the Swift runtime statically: they run without the toolchain. Symbols
# are bound at start-up (-z now) so the whole relocation table can be made read-only, as
# Debian's hardening asks (lintian: hardening-no-bindnow).
RELEASE = -c release --static-swift-stdlib -Xlinker -z -Xlinker now
RELEASE_BIN = $$($(SWIFT) build $(RELEASE) --show-bin-path)

install: deps
	$(MAKE) --no-print-directory release-build
	$(MAKE) --no-print-directory install-files

release-build:
	$(SWIFT) build $(RELEASE) --product apod
	$(SWIFT) build $(RELEASE) --product apod-viewer

# Puts the release build in place under $(DESTDIR)$(PREFIX) without building; debian/rules
# calls it with PREFIX=/usr. Keep INSTALLED above in step with it.
install-files:
	install -Dm755 "$(RELEASE_BIN)/apod" $(BINDIR)/apod
	install -Dm755 "$(RELEASE_BIN)/apod-viewer" $(BINDIR)/apod-viewer
	install -Dm644 data/$(APP_ID).desktop $(DATADIR)/applications/$(APP_ID).desktop
	install -Dm644 data/$(APP_ID).metainfo.xml $(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	# The desktop file is DBusActivatable: the session bus starts the viewer from this file.
	install -d $(DATADIR)/dbus-1/services
	sed 's|@bindir@|$(PREFIX)/bin|' data/$(APP_ID).service.in > $(DATADIR)/dbus-1/services/$(APP_ID).service
	chmod 644 $(DATADIR)/dbus-1/services/$(APP_ID).service
	install -Dm644 data/$(APP_ID).search-provider.ini $(DATADIR)/gnome-shell/search-providers/$(APP_ID).search-provider.ini
	install -Dm644 data/icons/hicolor/scalable/apps/$(APP_ID).svg $(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -Dm644 data/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg $(DATADIR)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	install -d $(DATADIR)/apod-viewer/sample/images
	install -m644 data/sample/entries.json $(DATADIR)/apod-viewer/sample/entries.json
	install -m644 data/sample/images/* $(DATADIR)/apod-viewer/sample/images/
	install -Dm644 docs/man/apod.1 $(DATADIR)/man/man1/apod.1
	install -Dm644 docs/man/apod-viewer.1 $(DATADIR)/man/man1/apod-viewer.1
	install -Dm644 data/completions/apod $(DATADIR)/bash-completion/completions/apod
	scripts/compile-translations $(DATADIR)/locale

# dist/apod-viewer_<version>_<arch>.deb, built by dpkg-buildpackage from debian/ (the binary
# target, after clean, which resets debhelper's stamps: no source package, .changes or
# .buildinfo next to the checkout).
deb:
	@scripts/install-deps packaging
	SWIFT="$(SWIFT)" dpkg-buildpackage --target=clean --target=binary --no-sign
	@ls dist/*.deb

# Builds the package, runs lintian over it, and runs what it installs from a folder it is
# unpacked into, with no Swift toolchain reachable (scripts/test-package).
test-package: deb
	scripts/test-package dist/apod-viewer_*.deb

uninstall:
	rm -rf $(INSTALLED)

clean:
	rm -rf .build
