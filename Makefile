# Atout: every target creates the virtual environment when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python

.PHONY: play test lint bench clean core

$(BIN)/.installed-runtime: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(BIN)/.installed-dev: requirements.txt requirements-dev.txt $(BIN)/.installed-runtime
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

# The compiled core (game/core/_*.c): built where a C compiler exists; without one the
# game and the tests run the Python path (game/core/__init__.py says so once in the log).
core: $(BIN)/.installed-runtime
	$(PY) setup.py --quiet build_ext --inplace \
		|| echo "Atout: no C compiler: the computers use the Python path (smaller budget)"

play: $(BIN)/.installed-runtime core
	$(PY) main.py

# The AI's and the advice's tests run twice: with the compiled core, then on the Python
# path (ATOUT_CORE=python), which a machine without a compiler runs.  The second pass runs
# the tests marked `kernel`, those handed a compiled kernel: the others run the same code
# either way.  With the core built, tests/conftest.py fails a test of these files that is
# handed a kernel without the mark (its PYTHON_PATH_FILES are these, test_python_pass.py).
PYTHON_PATH_TESTS := tests/test_ai_*.py tests/test_advice*.py tests/test_hindsight.py tests/test_dds*.py

test: $(BIN)/.installed-dev core
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n auto --dist loadfile
	ATOUT_CORE=python SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
		$(PY) -m pytest -q -n auto --dist loadfile -m kernel $(PYTHON_PATH_TESTS)
	$(PY) -m ruff check .
	$(PY) -m mypy

lint: $(BIN)/.installed-dev
	$(PY) -m ruff check .
	$(PY) -m mypy

bench: $(BIN)/.installed-runtime
	$(PY) bench/engine_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build game/core/*.so game/core/*.pyd

# The double-click app (build.spec, PyInstaller): dist/Atout-<version>-<platform>.zip.
.PHONY: build-deps dist dist-smoke

$(BIN)/.installed-build: requirements-build.txt $(BIN)/.installed-runtime
	$(PY) -m pip install --quiet -r requirements-build.txt
	touch $@

build-deps: $(BIN)/.installed-build

dist: $(BIN)/.installed-build core  # build.spec bundles the core built here
	$(PY) tools/release.py build
	$(PY) tools/release.py zip

dist-smoke: dist
	$(PY) tools/release.py smoke 1

# A picture of every scene, headless, into docs/screenshots/ (tools/screenshots.py).
.PHONY: screenshots
screenshots: $(BIN)/.installed-runtime
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/screenshots.py
