"""Issue 27 item 8: a local run that failed because of how it was run never overrides what is known."""

from __future__ import annotations

import json
import sys

from torchpatch.validators.validate import ValidationOptions, validate
from torchpatch.validators.verification import load_record, record_run

DOC = ("# Faults\nScope: x\n## Contents\n## Slow\n\n```python\nimport time\ntime.sleep(2)\n```\n"
       "## Marked\n\n```python timeout=0.5\nimport time\ntime.sleep(5)\n```\n")


def test_a_timeout_shorter_than_the_default_is_not_recorded(tmp_path, fresh_home):
    doc = tmp_path / "faults.md"
    doc.write_text(DOC)
    record = tmp_path / "verification.json"
    run = validate([doc], ValidationOptions(use_cache=False, timeout=0.1, jobs=1))
    assert [r.status for r in run.results[sys.executable]] == ["timeout", "timeout"]
    record_run(run, record)
    sections = load_record(record)
    # The snippet that would pass under the default limit leaves no verdict; the one whose own
    # timeout= marker ran out is a real failure and is recorded.
    assert "faults#slow" not in sections
    [entry] = [devices["cpu"] for devices in sections["faults#marked"].values()]
    assert entry["status"] == "failed"
    assert json.loads(record.read_text())["format"] == 1
