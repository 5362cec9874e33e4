# Burraco Tutor: `make run` serves the site, `make test` checks it (see README.md).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
# Rebuilt whenever the requirements change, so a second `make run` skips the install.
STAMP := $(VENV)/.installed
# axe-core for the accessibility tests (package-lock.json); node_modules/ is not committed.
NODE_STAMP := node_modules/.installed
BIND ?= 127.0.0.1:8000
WORKERS ?= 3
# The load balancer's probes, answered by gunicorn's master at once (burraco_tutor/health.py,
# gunicorn.conf.py); empty: only the site's /healthz, which queues behind busy workers.
HEALTH_BIND ?= 127.0.0.1:8001

# The packages mypy checks, strict, with django-stubs (README.md, Types): every one of the site.
TYPED := engine burraco_tutor counters accounts rulebook classroom bench lessons play daily

# Test processes: one a core (pytest-xdist); TEST_WORKERS=0 runs in this process, for pdb.
TEST_WORKERS ?= auto

.PHONY: run test check serve setup messages compilemessages bandit bench soak

run: setup
	$(MANAGE) migrate --noinput
	$(MANAGE) createcachetable
	$(MANAGE) load_content
	$(MANAGE) runserver 127.0.0.1:8000

test: setup $(NODE_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy $(TYPED)
	$(VENV)/bin/bandit --quiet --configfile pyproject.toml --recursive .
	$(VENV)/bin/pytest -n $(TEST_WORKERS)

# The fast lane while working: lint, types and every test but the slow and browser ones
# (`make test` and CI run those too).
check: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy $(TYPED)
	$(VENV)/bin/pytest -n $(TEST_WORKERS) -m "not slow and not browser"

serve: setup
	$(MANAGE) collectstatic --noinput
	$(MANAGE) migrate --noinput
	$(MANAGE) createcachetable
	$(MANAGE) load_content
	HEALTH_BIND=$(HEALTH_BIND) $(VENV)/bin/gunicorn burraco_tutor.wsgi --bind $(BIND) --workers $(WORKERS)

setup: $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Figures, not tests (README.md, Figures; docs/performance.md): the engine, the bots' arena,
# then page weight and HTTP under wrk with gunicorn on SQLite and on the machine's PostgreSQL
# (started as .ci/run starts it). ARENA_DEALS=1000 for the README's full count.
ARENA_DEALS ?= 200
ARENA_JOBS ?= 2
bench: setup
	$(PY) -m engine bench
	for players in 2 4; do \
	  $(PY) -m engine arena beginner random --players $$players --deals $(ARENA_DEALS) --seed 1 --jobs $(ARENA_JOBS) && \
	  $(PY) -m engine arena club beginner --players $$players --deals $(ARENA_DEALS) --seed 1 --jobs $(ARENA_JOBS) && \
	  $(PY) -m engine arena expert club --players $$players --deals $(ARENA_DEALS) --seed 1 --jobs $(ARENA_JOBS) || exit 1; \
	done
	@command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
	$(PY) -m bench.http

# 200 simulated learners for 60 s against gunicorn and PostgreSQL; the attempts recorded must
# equal the answers sent, with no 5xx; then the table, 30 players alone and with the attacker
# (bench/soak.py, bench/tablesoak.py).
soak: setup
	$(PY) -m bench.soak

# Security lint; pyproject.toml's [tool.bandit] says why each skipped check does not apply.
bandit: setup
	$(VENV)/bin/bandit --quiet --configfile pyproject.toml --recursive .

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
		echo "Burraco Tutor needs Python 3.11 or newer, but '$(PYTHON)' is:" \
			"$$($(PYTHON) --version 2>&1 | head -n 1 || echo missing)." \
			"Install a newer Python and run e.g. 'make PYTHON=python3.12 run'." >&2; \
		exit 1; }
	$(PYTHON) -m venv $(VENV)

# pip 26 brings --build-constraint; setuptools<81 is what XStatic-Bootstrap's build needs.
$(STAMP): requirements.txt build-constraints.txt | $(PY)
	$(PY) -m pip install --quiet --upgrade "pip>=26"
	$(PY) -m pip install --quiet --build-constraint build-constraints.txt -r requirements.txt
	touch $@

# Extracting needs GNU gettext (apt-get install gettext); compiling and running do not.
messages: setup
	$(MANAGE) makemessages --locale it --locale en --no-obsolete --add-location file --ignore staticfiles --ignore tests
	$(PY) -m burraco_tutor.catalogues fill-english
	$(PY) -m burraco_tutor.catalogues compile

compilemessages: setup
	$(PY) -m burraco_tutor.catalogues compile
