# Two commands on a fresh machine: `make serve` (index the references, serve MCP + HTTP)
# and `make test` (unit tests, then the full snippet validation on the pinned torch build).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
OLD_TORCH := .venv-2.13
REPORTS := reports

.PHONY: install serve test validate matrix coverage skill old-torch bench clean

$(BIN)/torchpatch: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

install: $(BIN)/torchpatch

# The older build of the version matrix (a CPU wheel of torch 2.13.0).
$(OLD_TORCH)/bin/python:
	$(PYTHON) -m venv $(OLD_TORCH)
	$(OLD_TORCH)/bin/python -m pip install --quiet torch==2.13.0 numpy

old-torch: $(OLD_TORCH)/bin/python

serve: install
	$(BIN)/torchpatch index
	$(BIN)/torchpatch serve --transport http --host 127.0.0.1 --port 8765

test: install old-torch
	$(BIN)/python -m pytest -q
	$(MAKE) coverage validate

validate: install
	mkdir -p $(REPORTS)
	$(BIN)/torchpatch validate references --json $(REPORTS)/validate.json --junit $(REPORTS)/validate.xml

matrix: install old-torch
	$(BIN)/torchpatch validate references --python $(OLD_TORCH)/bin/python --json $(REPORTS)/matrix.json

# The release radar: every API removed or changed since 2.13 is covered or listed as a deliberate gap.
coverage: install old-torch
	$(BIN)/torchpatch coverage --old $(OLD_TORCH)/bin/python

# The plugin's copy of the skill (skills/<name>/): regenerate after editing skill/ or references/.
skill: install
	$(BIN)/torchpatch skill build --dest skills --no-llms

bench: install
	$(BIN)/python bench/bench_validate.py
	$(BIN)/python bench/bench_search.py
	cd bench && ../$(BIN)/python load_http.py

clean:
	rm -rf $(VENV) $(OLD_TORCH) $(REPORTS) build *.egg-info
