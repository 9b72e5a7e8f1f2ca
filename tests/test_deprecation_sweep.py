"""bench/deprecation_sweep.py: finds deprecation and removal messages in a torch source tree, names
their API, and keeps the review's decisions across reruns (a new build lists only new messages)."""

from __future__ import annotations

import csv
import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "deprecation_sweep.py"


@pytest.fixture(scope="module")
def sweep():
    spec = importlib.util.spec_from_file_location("deprecation_sweep", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def fake_torch(tmp_path):
    """A torch-shaped folder: a public module, a private one, and a module the sweep skips."""
    root = tmp_path / "torch"
    (root / "nn").mkdir(parents=True)
    (root / "_inductor").mkdir()
    (root / "version.py").write_text("__version__ = '9.1.0+cpu'\n")
    (root / "nn" / "functional.py").write_text('''
import warnings
import logging
log = logging.getLogger(__name__)
MSG = "`old_fn` is deprecated, use `new_fn` instead"

def old_fn(x):
    warnings.warn(MSG, FutureWarning)

def resize(x, size_average=None):
    warning = "size_average will be deprecated, please use reduction='{}' instead."
    warnings.warn(warning.format("sum"))

def gone():
    raise RuntimeError(f"gone() was removed in {1 + 1}; use other()")

def renamed():
    log.warning("renamed is deprecated, use fresh instead")

def fine():
    warnings.warn("this input is large")   # not a deprecation: listed only by the wide pass

def _guess_dim(ndim):
    warnings.warn("Implicit dimension choice has been made")

def _helper(x):
    return _guess_dim(x)

def softmax(x, dim=None):
    if dim is None:
        dim = _helper(x)                    # two private helpers deep: credited to softmax
''')
    (root / "_helpers.py").write_text('import warnings\ndef _h():\n    warnings.warn("x is deprecated", FutureWarning)\n')
    (root / "_inductor" / "config.py").write_text('import warnings\nwarnings.warn("y is deprecated", FutureWarning)\n')
    return root


def test_messages_are_found_with_their_api_category_and_kind(sweep, fake_torch):
    rows = {(r["api"], r["how"]): r for r in sweep.sweep_python(fake_torch, {})}
    assert rows[("torch.nn.functional.old_fn", "warn")]["message"] == "`old_fn` is deprecated, use `new_fn` instead"
    assert rows[("torch.nn.functional.old_fn", "warn")]["category"] == "FutureWarning"
    assert rows[("torch.nn.functional.resize", "warn")]["message"].startswith("size_average will be deprecated")
    assert rows[("torch.nn.functional.gone", "raise")]["message"] == "gone() was removed in {...}; use other()"
    assert rows[("torch.nn.functional.renamed", "log")]["category"] == "log.warning"
    assert rows[("torch._helpers._h", "warn")]["private"] == "yes"
    assert not any(api.startswith("torch._inductor") or api.endswith(".fine") for api, _ in rows)


def test_a_definition_takes_its_public_name(sweep, fake_torch):
    public = {("torch.nn.functional", "old_fn"): "torch.nn.old_fn"}
    apis = {r["api"] for r in sweep.sweep_python(fake_torch, public)}
    assert "torch.nn.old_fn" in apis and "torch.nn.functional.old_fn" not in apis


def test_a_rerun_keeps_decisions_and_lists_only_new_messages(sweep, fake_torch, tmp_path):
    out = tmp_path / "out"
    assert sweep.main(["--torch", str(fake_torch), "--no-import", "--out", str(out), "--references", str(tmp_path)]) == 0
    assert (out / "messages-9.1.0.tsv").exists()
    review_path = out / "review.tsv"
    review = list(csv.DictReader(review_path.open(), delimiter="\t"))
    assert {r["status"] for r in review} == {"unreviewed", "gap"}       # the private helper is a gap
    for entry in review:
        if entry["api"] == "torch.nn.functional.old_fn":
            entry["status"], entry["pointer"] = "covered", "widgets#old_fn"
    sweep.write_tsv(review_path, sweep.REVIEW_FIELDS, review)
    sweep.main(["--torch", str(fake_torch), "--no-import", "--out", str(out), "--references", str(tmp_path)])
    again = {r["api"]: r for r in csv.DictReader(review_path.open(), delimiter="\t")}
    assert again["torch.nn.functional.old_fn"]["status"] == "covered"
    assert again["torch.nn.functional.gone"]["status"] == "unreviewed"


def test_a_section_listing_the_api_marks_it_api_covered(sweep, fake_torch, tmp_path):
    refs = tmp_path / "refs"
    refs.mkdir()
    (refs / "widgets.md").write_text("# W\n\n### old_fn is deprecated\n> meta: deprecated=2.1; kind=deprecation; "
                                     "api=torch.nn.functional.old_fn\n")
    out = tmp_path / "out2"
    sweep.main(["--torch", str(fake_torch), "--no-import", "--out", str(out), "--references", str(refs)])
    review = {r["api"]: r for r in csv.DictReader((out / "review.tsv").open(), delimiter="\t")}
    assert review["torch.nn.functional.old_fn"]["status"] == "api-covered"
    assert review["torch.nn.functional.old_fn"]["pointer"] == "widgets#old_fn-is-deprecated"


def test_the_wide_pass_lists_every_warning_and_credits_helpers_to_public_callers(sweep, fake_torch):
    narrow = {(r["api"], r["how"]) for r in sweep.sweep_python(fake_torch, {})}
    assert not any(how == "warn-wide" or " via " in how for _, how in narrow)
    wide = {(r["api"], r["how"]): r for r in sweep.sweep_python(fake_torch, {}, wide=True)}
    assert wide[("torch.nn.functional.fine", "warn-wide")]["message"] == "this input is large"
    assert wide[("torch.nn.functional._guess_dim", "warn-wide")]["private"] == "yes"
    credited = wide[("torch.nn.functional.softmax", "warn-wide via _guess_dim")]
    assert credited["private"] == "no" and credited["message"] == "Implicit dimension choice has been made"
    assert not any(api == "torch.nn.functional._helper" for api, _ in wide)   # a private caller is not credited


def test_main_writes_the_wide_pass_apart_and_reviews_it(sweep, fake_torch, tmp_path):
    out = tmp_path / "wide"
    sweep.main(["--torch", str(fake_torch), "--no-import", "--out", str(out), "--references", str(tmp_path)])
    messages = {r["api"] for r in csv.DictReader((out / "messages-9.1.0.tsv").open(), delimiter="\t")}
    warnings_rows = {r["api"] for r in csv.DictReader((out / "warnings-9.1.0.tsv").open(), delimiter="\t")}
    assert "torch.nn.functional.fine" in warnings_rows and "torch.nn.functional.fine" not in messages
    assert "torch.nn.functional.softmax" in warnings_rows
    review = {r["api"]: r["status"] for r in csv.DictReader((out / "review.tsv").open(), delimiter="\t")}
    assert review["torch.nn.functional.softmax"] == "unreviewed"
    sweep.main(["--torch", str(fake_torch), "--no-import", "--out", str(tmp_path / "narrow"), "--narrow",
                "--references", str(tmp_path)])
    assert not (tmp_path / "narrow" / "warnings-9.1.0.tsv").exists()


def test_the_shipped_review_accounts_for_every_swept_message():
    """Every message of the committed 2.15 sweep has a decision: none is left unreviewed."""
    folder = SCRIPT.parent / "deprecations"
    review = list(csv.DictReader((folder / "review.tsv").open(), delimiter="\t"))
    assert review and all(r["status"] in ("covered", "new", "gap", "todo") for r in review)
    assert all(r["pointer"] for r in review)
