"""The version matrix on a real older build: torch 2.13.0 (CPU wheel) against the pinned one.

Needs ``.venv-2.13`` (``make old-torch`` creates it); marked slow so it can be deselected.
"""

from __future__ import annotations

import sys

import pytest

from torchpatch.validators.matrix import check_claims
from torchpatch.validators.validate import ValidationOptions, validate

from .conftest import OLD_TORCH_PYTHON

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not OLD_TORCH_PYTHON.exists(), reason="no .venv-2.13: run `make old-torch`"),
]


@pytest.fixture(scope="module")
def matrix_run(samples):
    return validate([samples / "validate" / "claims.md"],
                    ValidationOptions(pythons=[sys.executable, str(OLD_TORCH_PYTHON)], use_cache=False))


def test_each_build_runs_the_same_snippets(matrix_run):
    new, old = matrix_run.builds
    assert old.torch.startswith("2.13.0") and not old.pinned
    statuses = {b.torch: [r.status for r in matrix_run.results[b.python_path]] for b in matrix_run.builds}
    # linalg.cholesky passes on both; torch.cholesky fails only on the pinned build (removed in 2.14)
    assert statuses[old.torch] == ["passed", "passed", "passed", "passed"]
    assert statuses[new.torch] == ["passed", "failed", "passed", "passed"]
    assert "torch.cholesky" in matrix_run.results[new.python_path][1].message


def test_a_since_claim_that_passes_on_an_older_build_is_contradicted(matrix_run):
    checks = check_claims(matrix_run.snippets, matrix_run.builds, matrix_run.results)
    contradicted = [c for c in checks if c.verdict == "contradicted"]
    assert [(c.claim, c.build.split("+")[0]) for c in contradicted] == [("since 2.14", "2.13.0")]
    assert contradicted[0].section == "claims#a-claim-that-is-wrong-on-purpose"


def test_a_contradicted_claim_fails_the_run(matrix_run):
    assert matrix_run.failed()


def test_an_any_version_snippet_runs_but_is_no_evidence_for_the_claim(matrix_run):
    checks = check_claims(matrix_run.snippets, matrix_run.builds, matrix_run.results)
    shown = matrix_run.snippets[3]
    assert shown.markers.any_version and shown.section.meta.since is not None
    assert all(r[3].status == "passed" for r in matrix_run.results.values())  # it runs on every build
    assert shown.id not in {c.snippet for c in checks}
