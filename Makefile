# Two commands set everything up on a fresh Debian machine with Python 3.11+:
#   make run    serve the app at http://127.0.0.1:$(PORT) (offline assets; HOST=… to listen elsewhere,
#               else the network when Settings → Play on several phones is on)
#   make test   ruff, mypy --strict, every test but the real-browser ones (in parallel), the engine tests
#               again under Pyodide (CPython for WebAssembly, as the static web build runs them), then the
#               real-browser tests; it ends with each stage's time (and each pytest run its ten slowest tests)
# The inner loop: make check   ruff, mypy --strict and every test but the real-browser and Pyodide ones
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?=
PORT ?= 8550
APP_STAMP := $(VENV)/.app-installed
DEV_STAMP := $(VENV)/.dev-installed
# Where each stage notes how long it took, for make test and make check to print at the end.
STAGES := $(VENV)/stage-times
# pytest-xdist workers for the tests that need no browser: one per core.
WORKERS ?= auto
BROWSER_WORKERS ?= 2
AXE_VERSION := 4.11
AXE := $(VENV)/axe/node_modules/axe-core/axe.min.js

.PHONY: run test check lint typecheck pytest pytest-parallel pytest-browser test-pyodide web bench \
	chromium node axe clean

# $(call timed,STAGE,COMMAND): run COMMAND and note in $(STAGES) how long STAGE took, failed or not.
timed = @echo '$(2)'; start=$$(date +%s); $(2); status=$$?; \
	echo "$(1): $$(( $$(date +%s) - start )) s$$([ $$status = 0 ] || echo ', failed')" >> $(STAGES); exit $$status

# $(call staged,TARGETS): make TARGETS in turn, stopping at the first that fails, then print each
# stage's time and the whole run's, so CI's log keeps them.
staged = @rm -f $(STAGES); start=$$(date +%s); $(MAKE) --no-print-directory $(1); status=$$?; \
	echo "== time per stage =="; cat $(STAGES) 2>/dev/null; \
	echo "all: $$(( $$(date +%s) - start )) s"; exit $$status

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
	$(call timed,lint,$(BIN)/ruff check . && $(BIN)/ruff format --check .)

typecheck: $(DEV_STAMP)
	$(call timed,types,$(BIN)/mypy --strict trackers rules_ref views main.py build)

# Every test but the real-browser ones (marker e2e: tests/e2e/), spread over $(WORKERS) workers.
pytest-parallel: $(DEV_STAMP)
	$(call timed,tests in parallel,$(BIN)/pytest -q -n $(WORKERS) -m "not e2e" --durations=10)

# The real-browser tests after the rest, a file to a worker on $(BROWSER_WORKERS) workers (tests of one file
# share their app and phone): they mostly wait for Chromium and the app. Keys once lost on a busy machine
# were typed before Flutter listened to the field: `type_into` now waits for that (#30).
pytest-browser: $(DEV_STAMP) chromium axe
	$(call timed,browser tests,$(BIN)/pytest -q -m e2e -n $(BROWSER_WORKERS) --dist loadfile --durations=10)

pytest: pytest-parallel pytest-browser

# The engine tests on flet-web's Pyodide in Node; the test tools' wheels are downloaded once by pip.
test-pyodide: $(DEV_STAMP) node
	$(call timed,Pyodide,$(BIN)/python -m tests.pyodide.run)

# The quickest first: a failure shows before the browser tests' long run.
test:
	$(call staged,lint typecheck pytest-parallel test-pyodide pytest-browser)

check:
	$(call staged,lint typecheck pytest-parallel)

# The static web app in build/web: any static file server serves it, and its Python runs in the browser.
web: $(APP_STAMP)
	$(BIN)/python -m build.static_web

# BASELINE=<git ref> measures the engine sections on that ref too, side by side (build/bench/baseline.py);
# ONLY=<section>[,<section>] runs only those sections (ONLY=rounds: the round bench alone).
bench: $(DEV_STAMP) chromium
	BASELINE="$(BASELINE)" ONLY="$(ONLY)" $(BIN)/python -m build.bench.run

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
