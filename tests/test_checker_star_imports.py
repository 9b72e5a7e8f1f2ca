"""`from pkg.module import *` of a project module brings that module's torch imports into the file."""

from __future__ import annotations

from pathlib import Path

from torchpatch.validators.checker import check_paths, check_source
from torchpatch.validators.checker.starimports import star_exports

CALL = "import torch\nfrom models.common import *\n\ndef run(f, x):\n    return checkpoint(f, x)\n"


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def _rules(report) -> list[tuple[str, int, str]]:
    return sorted((Path(f.file).name, f.line, f.rule) for f in report.findings)


def test_an_absolute_star_import_is_found_above_the_file(tmp_path):
    _write(tmp_path, {"models/common.py": "from torch.utils.checkpoint import checkpoint\n",
                      "train/run.py": CALL})
    report = check_paths([tmp_path / "train" / "run.py"], "2.15")
    assert _rules(report) == [("run.py", 5, "checkpoint-without-use-reentrant")]


def test_all_and_rebinding_limit_what_is_exported(tmp_path):
    _write(tmp_path, {
        "models/common.py": ("from torch.utils.checkpoint import checkpoint\nfrom torch import nn\n"
                             "__all__ = ['nn']\n"),
        "models/other.py": "from torch.utils.checkpoint import checkpoint\ncheckpoint = None or print\n",
        "models/private.py": "from torch.utils.checkpoint import checkpoint as _checkpoint\n",
    })
    importer = str(tmp_path / "run.py")
    assert star_exports(importer, 0, "models.common") == {"nn": "torch.nn"}
    assert star_exports(importer, 0, "models.other") == {}
    assert star_exports(importer, 0, "models.private") == {}
    assert star_exports(importer, 0, "models.missing") == {}


def test_a_relative_star_import_and_a_local_binding(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/blocks.py": "from torch.utils.checkpoint import checkpoint\n",
        "pkg/a.py": "import torch\nfrom .blocks import *\n\ndef f(g, x):\n    return checkpoint(g, x)\n",
        "pkg/b.py": ("import torch\nfrom .blocks import *\n\ndef checkpoint(g, x):\n    return g(x)\n\n"
                     "def f(g, x):\n    return checkpoint(g, x)\n"),
    })
    assert _rules(check_paths([tmp_path / "pkg"], "2.15")) == [("a.py", 5, "checkpoint-without-use-reentrant")]


def test_code_without_a_file_reads_no_module():
    # a snippet (MCP, HTTP, stdin) has no project around it: nothing is read from disk
    assert check_source(CALL, "2.15") == []


def test_a_device_choice_imported_by_name_is_read_in_a_file_that_names_no_torch(tmp_path):
    _write(tmp_path, {
        "cuda.py": ("import torch\nif torch.cuda.is_available():\n    LongTensor = torch.cuda.LongTensor\n"
                    "else:\n    LongTensor = torch.LongTensor\n"),
        "model.py": "from cuda import LongTensor\n\ndef ids(tokens):\n    return LongTensor(tokens)\n",
        # a TensorFlow script of the same repository that names no torch and does not parse: left out, as before
        "tf_nets/mobilenet_test.py": "from tensorflow import SparseTensor\nx = 08\n",
        "tf_nets/plain.py": "import tensorflow as tf\nx = tf.Tensor\ny = 08\n",
    })
    report = check_paths([tmp_path], "2.15")
    assert _rules(report) == [("model.py", 4, "cuda-dtype-tensor-constructor")]
    assert report.errors == []


TRAINER = '''import torch
from evaluation.metrics import *


class Trainer:
    def __init__(self, args, model):
        self.model = model
        if args.resume:
            ck = torch.load(args.resume_from)
            self.best = ck["best_val_loss"]
            self.model.load_state_dict(ck["state_dict"])

    def evaluate(self, losses):
        return np.array(losses).mean(), {}

    def train(self, args, losses):
        val_loss, metrics = self.evaluate(losses)
        save_checkpoint(args.network, {"state_dict": self.model.state_dict(), "val_loss": val_loss,
                                       "best_val_loss": val_loss, "metric": metrics}, False, args.out)


def save_checkpoint(network, state, is_best, out_dir):
    torch.save(state, out_dir + "/checkpoint.pth.tar")
'''


def test_numpy_through_a_star_import_makes_a_saved_loss_an_object(tmp_path):
    # GCDG's trainer: np comes from `from evaluation.metrics import *`, evaluate() returns np.array(...).mean() (an
    # np.float64, refused by weights_only), and a helper takes the checkpoint dict after the network's name
    _write(tmp_path, {"evaluation/metrics.py": "import numpy as np\n", "core/train.py": TRAINER})
    report = check_paths([tmp_path], "2.15")
    assert _rules(report) == [("train.py", 9, "torch-load-saved-in-project")]
    # the same trainer averaging in Python: a float, which weights_only loads
    _write(tmp_path, {"core/train.py": TRAINER.replace("np.array(losses).mean()", "sum(losses) / len(losses)")})
    assert _rules(check_paths([tmp_path], "2.15")) == []
