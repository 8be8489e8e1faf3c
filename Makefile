# meeplecord: `make run`, `make test`, `make play GAME=west-of-africa PLAYERS=3`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
GAME    ?= west-of-africa
PLAYERS ?= 3
SEED    ?= 1
OUT     ?= out

.PHONY: run test play lint bench sync clean backup compose-check

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

run: $(VENV)/.installed
	$(PY) -m bot

sync: $(VENV)/.installed
	$(PY) -m bot --sync

test: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(PY) -m pytest -n 2

play: $(VENV)/.installed
	$(PY) -m bot.console $(GAME) --players $(PLAYERS) --seed $(SEED) --out $(OUT) $(if $(LANG),--lang $(LANG)) $(if $(BOTS),--bots $(BOTS))

# A consistent copy of the live database into backups/ (safe while the bot runs; DB=path to override).
backup: $(VENV)/.installed
	$(PY) -m bot.backup backups $(if $(DB),--db $(DB))

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
