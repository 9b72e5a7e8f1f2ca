"""Code that never runs on the target, or never calls what it names: feature checks on ``sys.modules``
(checker/eagermodules.py) and scheduler-named receivers that hold a plain class of the project
(checker/receivers.py, ownmethods.py)."""

import textwrap

from torchpatch.validators.checker import check_source

from .checker_projects import check_project

LOADED_CHECK = textwrap.dedent("""
    import sys
    import torch

    def shift(x):
        if "torch.fft" not in sys.modules:
            return torch.fft(x, 1)
        return torch.fft.fft(x)
    """)


def _rules(code, version):
    return [(f.line, f.rule) for f in check_source(code, version)]


def test_a_module_torch_loads_on_import_decides_the_check():
    assert _rules(LOADED_CHECK, "2.15") == []


def test_a_module_torch_does_not_load_leaves_both_branches_guarded():
    code = LOADED_CHECK.replace('"torch.fft"', '"torch.utils.tensorboard"')
    assert _rules(code, "2.15") == []  # guarded, as a hasattr check whose outcome is unknown


def test_without_the_check_the_call_is_found():
    code = LOADED_CHECK.replace('if "torch.fft" not in sys.modules:', "if True:")
    assert _rules(code, "2.15") == [(7, "torch-fft-called")]


SCHEDULER = """
    import torch


    class WarmupPlateau:
        def __init__(self, optimizer):
            self.optimizer = optimizer

        def step(self, num_steps, metrics=None):
            return num_steps
    """

TEST = """
    import torch
    from pkg.scheduler import WarmupPlateau

    def make(opt):
        sched = WarmupPlateau(opt)
        return opt, sched

    def test_steps():
        opt, sched = make(torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1))
        for num_steps in (1, 2):
            sched.step(num_steps)
    """


def test_a_plain_class_in_the_package_explains_step_in_a_test_subproject(tmp_path):
    found = check_project(tmp_path, {"setup.py": "", "pkg/__init__.py": "", "pkg/scheduler.py": SCHEDULER,
                                     "tests/setup.py": "", "tests/test_sched.py": TEST})
    assert found == []


def test_a_class_with_a_torch_scheduler_base_keeps_the_finding(tmp_path):
    based = SCHEDULER.replace("class WarmupPlateau:", "class WarmupPlateau(torch.optim.lr_scheduler.LambdaLR):")
    found = check_project(tmp_path, {"setup.py": "", "pkg/__init__.py": "", "pkg/scheduler.py": based,
                                     "tests/setup.py": "", "tests/test_sched.py": TEST})
    assert found == [("test_sched.py", 12, "scheduler-step-epoch")]


def test_a_class_from_another_library_keeps_the_finding(tmp_path):
    found = check_project(tmp_path, {"setup.py": "", "tests/test_sched.py": TEST})
    assert found == [("test_sched.py", 12, "scheduler-step-epoch")]


def test_a_class_with_a_base_from_another_library_keeps_the_finding(tmp_path):
    based = SCHEDULER.replace("class WarmupPlateau:", "class WarmupPlateau(transformers.SchedulerBase):")
    found = check_project(tmp_path, {"setup.py": "", "pkg/__init__.py": "",
                                     "pkg/scheduler.py": "import transformers\n" + textwrap.dedent(based),
                                     "tests/setup.py": "", "tests/test_sched.py": TEST})
    assert found == [("test_sched.py", 12, "scheduler-step-epoch")]
