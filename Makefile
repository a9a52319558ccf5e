# Set-up is automatic: every target creates .venv/ and installs the project on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(abspath $(VENV))/bin
STAMP := $(VENV)/.installed

# The hot path, compiled to C extensions with mypyc (the same Python sources, type-checked
# with mypy --strict). A stale build is discarded at import time (monopoly/__init__.py),
# so the pure-Python sources are the truth; `make pure` removes the build.
NATIVE := monopoly/board/position.py monopoly/board/decision.py monopoly/board/engine.py \
          monopoly/board/rules/setup.py monopoly/board/rules/moving.py \
          monopoly/board/rules/buying.py monopoly/board/rules/auctions.py \
          monopoly/board/rules/rent.py monopoly/board/rules/cards.py \
          monopoly/board/rules/taxes.py monopoly/board/rules/jail.py \
          monopoly/board/rules/buildings.py monopoly/board/rules/debts.py \
          monopoly/board/rules/trades.py monopoly/board/rules/bankruptcy.py \
          monopoly/board/rules/ending.py monopoly/board/rules/table.py \
          monopoly/board/game.py monopoly/board/actions.py monopoly/board/action_ids.py \
          monopoly/board/tables.py monopoly/board/view.py \
          monopoly/bots/board/greedy.py monopoly/bots/board/driver.py \
          monopoly/bots/board/strong.py monopoly/bots/board/trading.py \
          monopoly/bots/board/valuation.py \
          monopoly/deal/position.py monopoly/deal/decision.py monopoly/deal/turns.py \
          monopoly/deal/payments.py monopoly/deal/requests.py monopoly/deal/legal.py \
          monopoly/deal/plays.py monopoly/deal/game.py monopoly/deal/actions.py \
          monopoly/deal/action_ids.py monopoly/deal/view.py monopoly/deal/worlds.py \
          monopoly/deal/players.py monopoly/bots/deal/common.py \
          monopoly/bots/deal/random_bot.py monopoly/bots/deal/greedy.py \
          monopoly/bots/deal/strong.py monopoly/rl/observation.py \
          monopoly/narration/board/narrate.py monopoly/narration/board/prompts.py \
          monopoly/web/games/board_state.py
NATIVE_STAMP := src/.native-built

# The strategy lab's optional Ray backend (`monopoly simulate --backend ray`): the `ray` extra.
RAY_STAMP := $(VENV)/.ray-installed

.PHONY: install native pure run test bench lint check-long clean i18n ray chromium haproxy

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,rl]'
	touch $(STAMP)

$(NATIVE_STAMP): $(STAMP) $(addprefix src/,$(NATIVE))
	cd src && $(BIN)/mypyc $(NATIVE) > ../.native-build.log 2>&1 || (cat ../.native-build.log; exit 1)
	find src -name '*.so' -exec touch {} +
	touch $(NATIVE_STAMP)

install: $(STAMP) $(NATIVE_STAMP)

$(RAY_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,ray]'
	touch $(RAY_STAMP)

# Ray for the lab's ray backend and tests/test_ray_backend.py (skipped without it).
ray: $(RAY_STAMP)

native: $(NATIVE_STAMP)

pure:
	find src -name '*.so' -delete
	rm -rf src/build $(NATIVE_STAMP)

# Play in the browser: the server with its bots (easy, medium, hard: chosen per
# seat when a room is created); it prints the address to open. PORT=8080 make run.
PORT ?= 8000
run: install
	@echo "Open http://127.0.0.1:$(PORT)/ : create a room, give seats to bots, share the link."
	$(BIN)/monopoly serve --host 127.0.0.1 --port $(PORT)

# Debian's Chromium for the browser tests (Playwright drives /usr/bin/chromium); `make test`
# installs it when missing.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  SUDO=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
	  $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; }

# Debian's HAProxy: the front of several server processes (monopoly serve --processes N;
# docs/scaling.md); `make test` installs it when missing.
haproxy:
	@command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || { \
	  SUDO=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
	  $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q haproxy; }

# The whole suite: the browser tests on Debian's Chromium and the several processes' on
# HAProxy (both installed when missing), the store's on PostgreSQL too where it is
# installed (a throwaway cluster: src/monopoly/tools/pgcluster.py).
test: install chromium haproxy
	$(BIN)/python -m pytest -n 2

bench: install
	$(BIN)/monopoly bench --json

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/mypy --strict src/monopoly

# Languages: extract every translatable text of src/monopoly (_, N_, ngettext, pgettext,
# the engine's Text) into src/monopoly/i18n/locale: monopoly.pot, then en (filled from
# the sources), cs and ru (new entries to translate by hand: tests/test_i18n.py fails
# while any message lacks a translation). The .po files are read at run time.
i18n: $(STAMP)
	$(BIN)/python -m monopoly.i18n.catalogs

check-long: install
	$(BIN)/monopoly check --games 100000 --json
	for preset in classic czech short timed tournament house; do \
	    $(BIN)/monopoly check --preset $$preset --games 2000 --json || exit 1; done
	for edition in uk disney; do \
	    $(BIN)/monopoly check --edition $$edition --games 2000 --json || exit 1; done

clean: pure
	rm -rf $(VENV) build src/*.egg-info .native-build.log
