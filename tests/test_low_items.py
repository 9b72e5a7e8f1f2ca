"""Issue 27, the low-severity items: each with its own regression test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from torchpatch.validators.cache import ResultCache
from torchpatch.validators.markdown import Version

TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))


# --- item 17: two validate runs in one home -------------------------------------------------------


def test_two_runs_sharing_a_cache_keep_each_others_entries(tmp_path):
    path = tmp_path / "validate-cache.json"
    first, second = ResultCache(path), ResultCache(path)  # both read the (empty) file at start
    first.put("a", "passed", "", 1.0)
    second.put("b", "passed", "", 2.0)
    first.save()
    second.save()
    assert set(json.loads(path.read_text())) == {"a", "b"}
    third = ResultCache(path)
    third.put("a", "failed", "now broken", 1.0)  # a failure removes the entry, and only that one
    third.save()
    assert set(json.loads(path.read_text())) == {"b"}


# --- item 18: versions with a minor or patch of 100 or more ----------------------------------------


def test_large_minor_and_patch_numbers_do_not_collide():
    assert Version.parse("2.9.100").sort_key != Version.parse("2.10").sort_key
    assert Version.parse("2.9.100").sort_key < Version.parse("2.10").sort_key
    assert Version.parse("2.100").sort_key > Version.parse("2.99.999").sort_key
    with pytest.raises(ValueError, match="below 1,000"):
        Version.parse("2.1000")


def test_labels_come_back_from_sort_keys():
    from torchpatch.server.search import _label

    for text in ("2.9.100", "2.10", "2.15", "2.14.1", "3.0"):
        assert _label(Version.parse(text).sort_key) == text
