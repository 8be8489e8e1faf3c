# meeplecord: `make run`, `make test`, `make play GAME=west-of-africa PLAYERS=3`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
GAME    ?= west-of-africa
PLAYERS ?= 3
SEED    ?= 1
OUT     ?= out

.PHONY: run test play lint bench sync clean backup compose-check lock

# Installs come from the lock files (exact versions and hashes), the package itself without deps,
# editable as a plain path (EDITABLE): setuptools' default editable install runs an import hook at
# every interpreter start (pathlib, urllib... about 50 M instructions, more than half of `python -c
# pass`; issue 33 goal 7), a path in a .pth costs nothing.
EDITABLE := --config-settings editable_mode=compat
$(VENV)/.installed: pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.lock
	$(PY) -m pip install --quiet --no-deps $(EDITABLE) -e .
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.lock
	$(PY) -m pip install --quiet -r requirements-dev.lock
	$(PY) -m pip install --quiet --no-deps $(EDITABLE) -e '.[dev]'
	touch $@

# Rewrite requirements.lock (the bot with PostgreSQL: `make run`, the Docker image) and
# requirements-dev.lock (plus the dev tools: `make test`, CI) from pyproject.toml, keeping the
# versions already pinned where they still fit; UPGRADE=1 takes the newest releases allowed.
COMPILE = CUSTOM_COMPILE_COMMAND="make lock" $(VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
	--no-emit-index-url --no-emit-find-links $(if $(UPGRADE),--upgrade) --extra postgres
lock: $(VENV)/.installed-dev
	$(COMPILE) -o requirements.lock pyproject.toml
	$(COMPILE) --extra dev -c requirements.lock -o requirements-dev.lock pyproject.toml

run: $(VENV)/.installed
	$(PY) -m bot

sync: $(VENV)/.installed
	$(PY) -m bot --sync

test: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(PY) -m pytest -n 2

play: $(VENV)/.installed
	$(PY) -m bot.console $(GAME) --players $(PLAYERS) --seed $(SEED) --out $(OUT) $(if $(filter command line,$(origin LANG)),--lang $(LANG)) $(if $(BOTS),--bots $(BOTS))

# A consistent copy of the live database as backups/<time>.sqlite3 (safe while the bot runs; DB=path to
# override; PostgreSQL: pg_dump, the command says how).
backup: $(VENV)/.installed
	$(PY) -m bot.backup $(if $(DB),--db $(DB))

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .

# Every bench in quick mode (under 10 minutes on 2 cores), one verdict line each; FULL=1: the long runs.
bench: $(VENV)/.installed-dev
	$(PY) bench/_run.py $(if $(FULL),--full)

# compose.yaml for real on a Docker engine (not in CI: it has none): PostgreSQL and both shards,
# offline (`--check` instead of Discord). No Docker Hub: deploy/offline-images.sh, then set
# PYTHON_IMAGE / POSTGRES_IMAGE.
compose-check:
	$(PYTHON) deploy/compose_check.py

clean:
	rm -rf $(VENV) out .pytest_cache
