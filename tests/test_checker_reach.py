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


def _check_with_scheduler(tmp_path, scheduler: str) -> list:
    """The package's scheduler module and a test sub-project stepping it (TEST), checked as one run."""
    return check_project(tmp_path, {"setup.py": "", "pkg/__init__.py": "", "pkg/scheduler.py": scheduler,
                                    "tests/setup.py": "", "tests/test_sched.py": TEST})


def test_a_plain_class_in_the_package_explains_step_in_a_test_subproject(tmp_path):
    found = _check_with_scheduler(tmp_path, SCHEDULER)
    assert found == []


def test_a_class_with_a_torch_scheduler_base_keeps_the_finding(tmp_path):
    """Its step hands the count on to LambdaLR.step, whose epoch warning runs."""
    based = SCHEDULER.replace("class WarmupPlateau:", "class WarmupPlateau(torch.optim.lr_scheduler.LambdaLR):").replace(
        "return num_steps", "super().step(num_steps)")
    found = _check_with_scheduler(tmp_path, based)
    assert found == [("test_sched.py", 12, "scheduler-step-epoch")]


def test_a_torch_scheduler_subclass_without_its_own_step_keeps_the_finding(tmp_path):
    based = SCHEDULER.replace("class WarmupPlateau:", "class WarmupPlateau(torch.optim.lr_scheduler.LambdaLR):").replace(
        "def step(self, num_steps, metrics=None):", "def count(self, num_steps, metrics=None):")
    found = _check_with_scheduler(tmp_path, based)
    assert found == [("test_sched.py", 12, "scheduler-step-epoch")]


def test_a_torch_scheduler_subclass_overriding_step_answers_it_itself(tmp_path):
    """Its own step(num_steps) never calls LRScheduler.step, where torch's warning is (pytorch_optimizer's
    CosineAnnealingWarmupRestarts): no warning on 2.15."""
    based = SCHEDULER.replace("class WarmupPlateau:", "class WarmupPlateau(torch.optim.lr_scheduler.LambdaLR):")
    found = _check_with_scheduler(tmp_path, based)
    assert found == []


def test_a_scheduler_class_from_a_file_without_torch_is_followed(tmp_path):
    """mmengine's lr_scheduler.py imports no torch: its StepLR(LRSchedulerMixin, StepParamScheduler) is read only
    when a receiver needs it, and its step (from the plain base) answers the step-order rule's call."""
    files = {"setup.py": "",
             "pkg/__init__.py": "",
             "pkg/base.py": "import torch\n\nclass ParamScheduler:\n    def step(self):\n        return None\n",
             "pkg/lr.py": "from .base import ParamScheduler\n\nclass Mixin:\n    pass\n\n"
                          "class StepLR(Mixin, ParamScheduler):\n    pass\n",
             "pkg/test_it.py": "import torch\nfrom pkg.lr import StepLR\n\ndef test(optimizer):\n"
                               "    scheduler = StepLR(optimizer)\n    scheduler.step()\n    optimizer.step()\n"}
    assert check_project(tmp_path, files) == []
    files["pkg/lr.py"] = files["pkg/lr.py"].replace("class StepLR(Mixin, ParamScheduler)", "class StepLR(Mixin)")
    assert check_project(tmp_path, files) == [("test_it.py", 6, "scheduler-step-before-optimizer")]


def test_a_class_from_another_library_keeps_the_finding(tmp_path):
    found = check_project(tmp_path, {"setup.py": "", "tests/test_sched.py": TEST})
    assert found == [("test_sched.py", 12, "scheduler-step-epoch")]


def test_a_class_with_a_base_from_another_library_keeps_the_finding(tmp_path):
    """Its step hands on to the other library's base, which may be (or derive from) torch's."""
    based = SCHEDULER.replace("class WarmupPlateau:", "class WarmupPlateau(transformers.SchedulerBase):").replace(
        "return num_steps", "return super().step(num_steps)")
    found = check_project(tmp_path, {"setup.py": "", "pkg/__init__.py": "",
                                     "pkg/scheduler.py": "import transformers\n" + textwrap.dedent(based),
                                     "tests/setup.py": "", "tests/test_sched.py": TEST})
    assert found == [("test_sched.py", 12, "scheduler-step-epoch")]


def test_a_class_defining_step_over_another_library_base_answers_it(tmp_path):
    """The class's own step runs first whatever its base (Python's method order)."""
    based = SCHEDULER.replace("class WarmupPlateau:", "class WarmupPlateau(transformers.SchedulerBase):")
    found = check_project(tmp_path, {"setup.py": "", "pkg/__init__.py": "",
                                     "pkg/scheduler.py": "import transformers\n" + textwrap.dedent(based),
                                     "tests/setup.py": "", "tests/test_sched.py": TEST})
    assert found == []
