"""The fork server's warm-up must leave CUDA untouched: a parent that initialised it, or asked
cudaGetDeviceCount (which poisons fork), makes every CUDA or compile snippet it forks fail with
"Cannot re-initialize CUDA in forked subprocess" (seen on an H200 with torch 2.11)."""

import os

import pytest
from torchpatch.validators.forkserver.warmup import (
    NVML_CHECK,
    CudaRefused,
    WarmUp,
    _cuda_refused,
)


def test_steps_ask_nvml_refuse_cuda_and_restore_both(monkeypatch):
    torch = pytest.importorskip("torch")
    monkeypatch.delenv(NVML_CHECK, raising=False)
    original, seen = torch.cuda._lazy_init, {}
    warm = WarmUp("w")
    warm.steps = [("ask", lambda: seen.update(check=os.environ.get(NVML_CHECK))),
                  ("initialise", lambda: torch.cuda._lazy_init()),
                  ("after", lambda: seen.update(after=True))]
    while warm.step():
        pass
    assert seen == {"check": "1", "after": True}
    assert warm.skipped == ["initialise"]
    assert NVML_CHECK not in os.environ and torch.cuda._lazy_init is original
    assert warm.report()["cuda_initialized"] is False


def test_a_users_own_setting_comes_back(monkeypatch):
    torch = pytest.importorskip("torch")
    monkeypatch.setenv(NVML_CHECK, "0")
    with _cuda_refused(), pytest.raises(CudaRefused):
        torch.cuda._lazy_init()
    assert os.environ[NVML_CHECK] == "0"
