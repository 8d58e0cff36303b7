# The two commands: `make run` starts the viewer, `make test` runs every test.
# Both install what is missing first (Debian packages via apt-get).
SWIFT ?= swift
CONFIG ?= debug
# Deterministic, GL-free rendering for headless GUI tests (see README).
GUI_TEST_ENV = GSK_RENDERER=cairo GTK_A11Y=none GDK_BACKEND=x11 GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
XVFB = xvfb-run -a -s "-screen 0 1280x1024x24"

.PHONY: all deps build run test bench clean

all: build

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build -c $(CONFIG)

run: deps
	$(SWIFT) build -c $(CONFIG) --product apod-viewer
	"$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/apod-viewer" $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(GUI_TEST_ENV) $(XVFB) $(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product apod-bench
	"$$($(SWIFT) build -c release --show-bin-path)/apod-bench" $(ARGS)

clean:
	rm -rf .build
