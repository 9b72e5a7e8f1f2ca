"""Losses a project function of another module returns stacked (checker/stackedhelpers.py, used by walknames.py)."""

from .checker_projects import check_project

USE = """
import torch
from evaluation import train_epoch, validate


def run(model, loader):
    train_loss = train_epoch(model, loader)
    first = train_loss.cpu().detach().numpy()[0]
    valid_loss, predictions, *_ = validate(model, loader)
    return first, valid_loss.cpu().numpy()[0]
"""


def _found(tmp_path, helpers):
    return check_project(tmp_path, {"evaluation.py": "import torch\n\n\n" + helpers, "training.py": USE})


def test_losses_a_helper_returns_stacked_are_a_vector_that_index_zero_reads(tmp_path):
    found = _found(tmp_path / "stacked", """
def train_epoch(model, loader):
    losses = [model(batch).mean() for batch in loader]
    return torch.stack(losses)


def validate(model, loader):
    losses, outputs = [], []
    for batch in loader:
        losses.append(model(batch).mean())
        outputs.append(model(batch))
    return torch.stack(losses), torch.cat(outputs), len(outputs)
""")
    assert found == []


def test_a_helper_returning_a_mean_leaves_the_loss_zero_dim(tmp_path):
    found = _found(tmp_path / "mean", """
def train_epoch(model, loader):
    losses = [model(batch).mean() for batch in loader]
    return torch.stack(losses).mean()


def validate(model, loader):
    losses = [model(batch).mean() for batch in loader]
    return torch.stack(losses).mean(), torch.stack(losses), None
""")
    assert found == [("training.py", 8, "zero-dim-numpy-index"), ("training.py", 10, "zero-dim-numpy-index")]
