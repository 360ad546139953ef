# Two commands on a fresh machine: `make run` (the site) and `make test` (every check).
# Both create .venv with Python 3.13 and install requirements.lock only when it changed.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON := .venv/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

# Where `make test` finds PostgreSQL and Redis when DATABASE_URL / REDIS_URL are unset
# (the postgres role exists with trust auth on these machines; see scripts/run-tests.sh).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/dominoes
TEST_REDIS_URL ?= redis://127.0.0.1:6379/1
# The whole suite runs its parallel pass in TEST_WORKERS processes (2 unless PYTEST_ARGS are
# given); process N uses Redis database TEST_REDIS_WORKER_DB + N (see scripts/run-tests.sh).
TEST_REDIS_WORKER_DB ?= 10

.PHONY: help venv messages node-modules build run test lint format lock clean

help:
	@echo "make run     start the site on the embedded default (SQLite, in-memory layer) and print its URL"
	@echo "make test    lint, format check and every test (PostgreSQL and Redis integration included)"
	@echo "make lint    ruff check, ruff format --check and mypy --strict on the engine, services and live code"
	@echo "make format  apply ruff format and ruff's safe fixes"
	@echo "make messages  compile the translation catalogs (locale/); make run and make test do it"
	@echo "make build   bundle the table's script for production (npm run build); make test does it"
	@echo "make lock    regenerate requirements.lock from pyproject.toml (LOCK_ARGS=--upgrade)"

venv:
	@scripts/ensure-venv.sh

# The compiled catalogs (.mo) are build output, git-ignored: made from locale/*.po on demand.
messages: venv
	@scripts/compile-messages.sh

# esbuild (package-lock.json), which bundles the table's script; the site in development serves
# the sources as written and needs no Node.
node-modules:
	@scripts/ensure-node-modules.sh

# The table's bundle and its manifest in build/ (npm run build), which collectstatic collects.
# scripts/run-tests.sh builds it too, for the tests that run collectstatic.
build: node-modules
	@npm run build --silent

# The embedded default: no DATABASE_URL/REDIS_URL, development mode (DEBUG on).
run: venv messages
	@env -u DATABASE_URL -u REDIS_URL -u DJANGO_ENV -u DEBUG bash -c '\
		set -e; \
		$(PYTHON) manage.py migrate --noinput --verbosity 0; \
		echo "Database ready: db.sqlite3 (SQLite, the embedded default)"; \
		$(PYTHON) manage.py demo_data; \
		echo; echo "Open http://$(HOST):$(PORT)/   (Ctrl-C stops the server)"; echo; \
		exec $(PYTHON) manage.py runserver $(HOST):$(PORT)'

# The typed code: the engine, the game services, the live package and the socket infrastructure.
MYPY_PATHS := games/engine games/services games/live dominoes/jobs.py dominoes/broadcast.py \
	dominoes/server_loop.py

# `python -m` puts this directory first on the path, where django-stubs' plugin imports the
# settings: else PyPI's `dominoes` package (a benchmark's) hides the site's `dominoes`.
lint: venv
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/python -m mypy --strict $(MYPY_PATHS)

test: lint messages node-modules
	@scripts/ensure-chromium.sh
	@scripts/ensure-nginx.sh
	@TEST_DATABASE_URL="$(TEST_DATABASE_URL)" TEST_REDIS_URL="$(TEST_REDIS_URL)" \
		TEST_REDIS_WORKER_DB="$(TEST_REDIS_WORKER_DB)" \
		scripts/run-tests.sh $(PYTEST_ARGS)

format: venv
	.venv/bin/ruff check --fix .
	.venv/bin/ruff format .

# Keeps the current pins where pyproject.toml still allows them; `make lock LOCK_ARGS=--upgrade`
# moves everything to the newest allowed versions.
lock: venv
	.venv/bin/uv pip compile pyproject.toml --extra dev --generate-hashes --universal \
		--python-version 3.13 --custom-compile-command "make lock" --quiet \
		-o requirements.lock $(LOCK_ARGS)
	@echo "requirements.lock regenerated; the next make run/test installs it."

clean:
	rm -rf .venv node_modules build .pytest_cache .ruff_cache .hypothesis staticfiles
