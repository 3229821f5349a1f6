# Two commands set everything up on a fresh Debian machine with Python 3.11+:
#   make run    serve the app at http://127.0.0.1:$(PORT) (offline assets; HOST=… to listen elsewhere,
#               else the network when Settings → Play on several phones is on)
#   make test   ruff, mypy --strict, and every test including the real-browser ones, then the engine
#               tests again under Pyodide (CPython for WebAssembly, as the static web build runs them)
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?=
PORT ?= 8550
APP_STAMP := $(VENV)/.app-installed
DEV_STAMP := $(VENV)/.dev-installed
AXE_VERSION := 4.11
AXE := $(VENV)/axe/node_modules/axe-core/axe.min.js

.PHONY: run test lint typecheck pytest test-pyodide web bench chromium node axe clean

$(BIN)/python:
	$(PY) -m venv $(VENV)

$(APP_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[web]"
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[web,dev]"
	touch $@ $(APP_STAMP)

run: $(APP_STAMP)
	LANTERN_VIEW=web HOST=$(HOST) PORT=$(PORT) $(BIN)/python main.py

# Debian's Chromium for the real-browser tests; only root can install it, others skip those tests.
chromium:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

# Debian's Node.js for the engine tests under Pyodide; only root can install it, others skip those tests.
node:
	@if ! command -v node >/dev/null && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's nodejs for the engine tests under Pyodide"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null; \
	fi

# axe-core (the accessibility engine of browsers' audits, $(AXE_VERSION).x) from npm for the screen reader
# test, in .venv; without npm (only root can install Debian's), that test is skipped.
axe: $(AXE)

$(AXE): | $(BIN)/python
	@if ! command -v npm >/dev/null && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's npm for axe-core"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; \
	fi
	@if command -v npm >/dev/null; then \
		npm install --prefix $(VENV)/axe --no-audit --no-fund --silent axe-core@$(AXE_VERSION); \
	fi

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(DEV_STAMP)
	$(BIN)/mypy --strict trackers rules_ref views main.py

pytest: $(DEV_STAMP) chromium axe
	$(BIN)/pytest -q

# The engine tests on flet-web's Pyodide in Node; the test tools' wheels are downloaded once by pip.
test-pyodide: $(DEV_STAMP) node
	$(BIN)/python -m tests.pyodide.run

test: lint typecheck pytest test-pyodide

# The static web app in build/web: any static file server serves it, and its Python runs in the browser.
web: $(APP_STAMP)
	$(BIN)/python -m tests.packaging.static_web

# BASELINE=<git ref> measures the engine sections on that ref too, side by side (tests/bench/baseline.py).
bench: $(DEV_STAMP) chromium
	BASELINE="$(BASELINE)" $(BIN)/python -m tests.bench.run

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
