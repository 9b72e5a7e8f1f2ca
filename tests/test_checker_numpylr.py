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
