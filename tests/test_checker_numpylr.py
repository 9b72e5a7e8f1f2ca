"""numpylr.py: which writes of an optimizer's learning rate put a NumPy scalar in its param groups."""

import textwrap

from torchpatch.validators.checker.numpylr import text_lambda_rates, text_learning_rates


def lines(code: str) -> list[int]:
    return text_learning_rates(textwrap.dedent(code))


def test_a_rate_computed_with_numpy_in_a_method_or_its_helpers_is_numpy():
    assert lines("""
        import numpy as np
        class Scheduled:
            def scale(self):
                return np.min([self.step ** -0.5, self.step * self.warmup ** -1.5])
            def update(self):
                lr = self.init_lr * self.scale()
                for group in self.optimizer.param_groups:
                    group["lr"] = lr
            def floor(self):
                self.lr = np.maximum(1e-6, self.init_lr)
            def apply(self):
                for group in self.optimizer.param_groups:
                    group['lr'] = self.lr
        """) == [9, 14]


def test_python_numbers_and_converted_values_are_not():
    assert lines("""
        import numpy as np
        def update(optimizer, step):
            lr = 0.1 * min(1.0, step / 100)
            for group in optimizer.param_groups:
                group["lr"] = lr
            rate = float(np.cos(step))
            optimizer.param_groups[0]["lr"] = rate
            optimizer.param_groups[0]["lr"] = np.ndim(step)
        """) == []


def test_a_text_python_cannot_parse_gives_nothing():
    assert lines("def f(:\n    g['lr'] = np.min(x)\n") == []


def test_a_lambda_schedule_whose_factor_is_numpy_is_found_however_the_factor_is_given():
    code = textwrap.dedent("""
        import math
        import numpy as np
        import torch
        def cosine_annealing(step, total, lr_max, lr_min):
            return lr_min + (lr_max - lr_min) * 0.5 * (1 + np.cos(step / total * np.pi))
        def main(optimizer, total):
            inline = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 0.5 * (1 + np.cos(step * np.pi)))
            named = lambda step: (step + 1) / 5 if step < 5 else np.exp(-step)
            by_name = torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda=named)
            helper = torch.optim.lr_scheduler.LambdaLR(
                optimizer, lr_lambda=lambda step: cosine_annealing(step, total, 1, 1e-6 / 0.1))
            plain = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 0.5 * (1 + math.cos(step * math.pi)))
            converted = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: float(np.cos(step)))
        """)
    assert text_lambda_rates(code) == [8, 10, 11]
    assert text_learning_rates(code) == []  # a scheduler of one script: not a writer for the sub-project


RESUMING_SCRIPT = """import torch

def main(args, model):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    if args.resume:
        checkpoint = torch.load(args.resume)
        model.load_state_dict(checkpoint["state_dict"])
        optimizer.load_state_dict(checkpoint["optimizer"])
    torch.save({"epoch": 1, "state_dict": model.state_dict(), "optimizer": optimizer.state_dict()}, args.out)
"""
COSINE = """import numpy as np

def adjust_learning_rate(optimizer, step, total, base):
    lr = 0.5 * (np.cos(np.pi * step / total) + 1) * base
    for group in optimizer.param_groups:
        group["lr"] = lr
"""


def _load_findings(tmp_path, files: dict[str, str]) -> list[tuple[str, int]]:
    from pathlib import Path

    from torchpatch.validators.checker import check_paths
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return sorted((Path(f.file).name, f.line) for f in check_paths([tmp_path], "2.15").findings
                  if f.rule.startswith("torch-load"))


def test_a_shared_writer_makes_a_sibling_scripts_optimizer_state_numpy(tmp_path):
    assert _load_findings(tmp_path, {"utils/schedule.py": COSINE, "train/resume.py": RESUMING_SCRIPT}) == [
        ("resume.py", 6)]


def test_a_scripts_own_writer_adjusts_only_that_scripts_optimizer(tmp_path):
    # sse_train.py writes NumPy rates from a function nested in main(); another script, which shares nothing with it,
    # saves and resumes a plain optimizer state
    nested = "import numpy as np\n\ndef main(optimizer):\n" + textwrap.indent(COSINE.split("\n", 2)[2], "    ")
    assert _load_findings(tmp_path, {"train/imagenet/sse_train.py": nested,
                                     "train/cifar/resume.py": RESUMING_SCRIPT}) == []
    parsed = "import argparse\nargs = argparse.ArgumentParser().parse_args()\n" + COSINE
    assert _load_findings(tmp_path, {"train/imagenet/sse_train.py": parsed}) == []


def test_a_writer_two_folders_down_is_not_the_top_level_scripts(tmp_path):
    # Detection/utils/cosine.py drives the detection trainers' optimizers; the classification script at the top of
    # the tree imports nothing from there
    assert _load_findings(tmp_path, {"Detection/utils/cosine.py": COSINE, "resume.py": RESUMING_SCRIPT}) == []
    assert _load_findings(tmp_path, {"Detection/train.py": RESUMING_SCRIPT}) == [("train.py", 6)]
