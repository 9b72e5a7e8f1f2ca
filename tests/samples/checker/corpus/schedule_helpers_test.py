# seen in: transformers-era optimization tests vendored in keyphrase and QA repositories (BERT-KPE's
# optimization_test.py): module-level helpers step a schedule the tests build fresh, beside an optimizer test that
# trains; a fresh LambdaLR's first step warns "Detected call of `lr_scheduler.step()` before `optimizer.step()`"
import unittest

import torch


def unwrap_schedule(scheduler, num_steps=10):
    lrs = []
    for _ in range(num_steps):
        scheduler.step()  # finding: scheduler-step-before-optimizer
        lrs.append(scheduler.get_last_lr())
    return lrs


def trained_schedule(optimizer, scheduler, num_steps=10):
    lrs = []
    for _ in range(num_steps):
        optimizer.step()
        scheduler.step()
        lrs.append(scheduler.get_last_lr())
    return lrs


def replay(scheduler):
    scheduler.step()  # also called by the training test: its optimizer may have stepped


class OptimizationTest(unittest.TestCase):
    def test_adam(self):
        w = torch.zeros(3, requires_grad=True)
        optimizer = torch.optim.Adam([w], lr=0.1)
        for _ in range(3):
            (w - 1).pow(2).sum().backward()
            optimizer.step()
        replay(torch.optim.lr_scheduler.StepLR(optimizer, 1))


class ScheduleTest(unittest.TestCase):
    def setUp(self):
        self.optimizer = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1.0)

    def test_constant(self):
        scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, lambda step: 1.0)
        self.assertEqual(unwrap_schedule(scheduler, 3), [[1.0]] * 3)
        replay(scheduler)

    def test_trained(self):
        scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, lambda step: 1.0)
        self.assertEqual(len(trained_schedule(self.optimizer, scheduler)), 10)
