# Two commands set everything up on a fresh Debian machine with Python 3.11+:
#   make run    serve the app at http://$(HOST):$(PORT) (offline assets)
#   make test   ruff, mypy --strict, and every test including the real-browser ones
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8550
APP_STAMP := $(VENV)/.app-installed
DEV_STAMP := $(VENV)/.dev-installed

.PHONY: run test lint typecheck pytest bench chromium clean

$(BIN)/python:
	$(PY) -m venv $(VENV)

$(APP_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e ".[dev]"
	touch $@ $(APP_STAMP)

run: $(APP_STAMP)
	LANTERN_VIEW=web HOST=$(HOST) PORT=$(PORT) $(BIN)/python main.py

# Debian's Chromium for the real-browser tests; only root can install it, others skip those tests.
chromium:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(DEV_STAMP)
	$(BIN)/mypy --strict trackers rules_ref

pytest: $(DEV_STAMP) chromium
	$(BIN)/pytest -q

test: lint typecheck pytest

bench: $(DEV_STAMP) chromium
	$(BIN)/python -m tests.bench.run

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
