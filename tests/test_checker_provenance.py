"""Saved values followed back through the file's bindings after the walk (validators/checker/provenance.py):
numpy values that reach a checkpoint through a later method, an enclosing function, max()/round(), a function of
the file or a method of an imported class's instance; and the plain look-alikes that must stay quiet."""

import ast
import io

import numpy as np
import pytest
import torch

from torchpatch.validators.checker import check_paths, check_source
from torchpatch.validators.checker.provenance import plain_numpy
from torchpatch.validators.checker.returns import ReturnIndex


def _load_error(value) -> str | None:
    buffer = io.BytesIO()
    torch.save({"value": value}, buffer)
    buffer.seek(0)
    try:
        torch.load(buffer)
    except Exception as error:  # noqa: BLE001 - the text is what the test reads
        return str(error)
    return None


def test_numpy_values_that_reach_a_checkpoint_are_refused_and_their_python_look_alikes_load():
    """The claims the resolver rests on, on this torch and numpy (torch 2.15, numpy 2)."""
    scalar = "Unsupported global: GLOBAL numpy._core.multiarray.scalar"
    assert scalar in _load_error(round(np.float64(1.234), 2))  # round(x, n) keeps an np.float64
    assert scalar in _load_error(max(0, np.nanmean(np.array([0.5, 0.7]))))
    assert "Unsupported global: GLOBAL numpy._core.multiarray._reconstruct" in _load_error(np.random.get_state())
    for plain in (round(np.float64(1.5)), float(np.mean([1.0])), np.mean([1.0]).item(), np.random.randint(100),
                  np.random.rand(), np.ndim(np.zeros(2))):
        assert _load_error(plain) is None, type(plain)


@pytest.mark.parametrize("code, plain", [
    ("np.random.randint(100)", True), ("np.random.randint(0, 10, size=3)", False), ("np.random.rand()", True),
    ("np.random.rand(3)", False), ("np.random.uniform(0, 1)", True), ("np.random.uniform(0, 1, 4)", False),
    ("np.ndim(x)", True), ("np.mean(x)", False), ("np.random.get_state()", False), ("np.random.poisson(3, 5)", False),
])
def test_plain_numpy_names_the_calls_that_give_python_values(code, plain):
    call = ast.parse(code, mode="eval").body
    assert plain_numpy(ast.unparse(call.func), call) is plain
    if not plain:
        value = eval(code, {"np": np, "x": np.zeros(2)})  # noqa: S307 - the snippets above
        assert type(value).__module__ == "numpy" or isinstance(value, (tuple, np.ndarray))


SAVED_LATER = '''
import numpy as np
import torch


class Runner:
    def __init__(self, model, resume=None):
        self.model = model
        self.best = 0.0
        if resume:
            state = torch.load(resume)
            self.model.load_state_dict(state["net"])
            self.best = state["best"]

    def save(self, path):
        torch.save({"net": self.model.state_dict(), "best": self.best}, path)

    def evaluate(self, accs):
        self.best = {value}
'''


@pytest.mark.parametrize("value, flagged", [
    ("max(self.best, round(np.mean(accs), 4))", True),
    ("np.mean(accs) if accs else self.best", True),
    ("self.score(accs)[0]", True),
    ("max(self.best, float(np.mean(accs)))", False),
    ("round(np.mean(accs))", False),
    ("np.mean(accs).item()", False),
    ("sum(accs) / len(accs)", False),
])
def test_an_attribute_bound_after_the_save_decides_by_what_it_is_bound_to(value, flagged):
    code = SAVED_LATER.replace("{value}", value) + "\n    def score(self, accs):\n        return np.array(accs), 1\n"
    found = [(f.line, f.rule) for f in check_source(code, "2.15")]
    assert found == ([(11, "torch-load-saved-in-project")] if flagged else [])


def test_a_nested_saver_reads_the_enclosing_function_and_a_parameter_takes_what_callers_pass(tmp_path):
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "__init__.py").write_text("from .scores import Scores\n")
    (tmp_path / "kit" / "scores.py").write_text(
        "import numpy as np\n\n\nclass Scores:\n    def results(self):\n"
        "        return {'miou': np.nanmean(self.iou)}\n\n    def count(self):\n        return len(self.iou)\n")
    (tmp_path / "main.py").write_text(
        "import torch\nfrom kit import Scores\n\n\n"
        "def validate(model, metrics):\n    return metrics.results(), metrics.count()\n\n\n"
        "def main(model, path):\n"
        "    metrics = Scores()\n\n"
        "    def save(p):\n"
        "        torch.save({'model_state': model.state_dict(), 'best_score': best}, p)\n"
        "        torch.save({'weights': model.state_dict(), 'seen': seen}, p + '.plain')\n\n"
        "    best = 0.0\n"
        "    ckpt = torch.load(path)\n"  # line 17
        "    model.load_state_dict(ckpt['model_state'])\n"
        "    plain = torch.load(path + '.plain')\n"  # line 19
        "    model.load_state_dict(plain['weights'])\n"
        "    score, seen = validate(model, metrics=metrics)\n"
        "    best = score['miou']\n"
        "    save(path)\n")
    found = [(f.file.rsplit("/", 1)[-1], f.line, f.rule) for f in check_paths([tmp_path], "2.15").findings]
    assert found == [("main.py", 17, "torch-load-saved-in-project")]


def test_the_index_follows_a_package_reexport_to_the_defining_module(tmp_path):
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "__init__.py").write_text("from .scores import Scores\n")
    (tmp_path / "kit" / "scores.py").write_text(
        "import numpy as np\n\n\nclass Scores:\n    def results(self):\n        return np.nanmean(self.iou)\n")
    index = ReturnIndex()
    for path in tmp_path.rglob("*.py"):
        index.add(str(path))
    assert index.defining("kit", "Scores.results") == (tmp_path / "kit" / "scores.py").as_posix()
    assert index.defining("kit", "Scores.missing") is None


def test_an_attribute_of_another_class_is_another_value():
    code = '''
import numpy as np
import torch


class Plain:
    def __init__(self, model, resume):
        self.model = model
        state = torch.load(resume)
        self.model.load_state_dict(state["net"])

    def save(self, path):
        torch.save({"net": self.model.state_dict(), "best": self.best}, path)

    def evaluate(self, accs):
        self.best = float(np.mean(accs))


class Scored:
    def evaluate(self, accs):
        self.best = np.mean(accs)
'''
    assert check_source(code, "2.15") == []
    flagged = code.replace("self.best = float(np.mean(accs))", "self.best = np.mean(accs)")
    assert [(f.line, f.rule) for f in check_source(flagged, "2.15")] == [(9, "torch-load-saved-in-project")]


def test_a_name_rebound_to_a_plain_value_made_from_itself_forgets_what_it_held(tmp_path):
    """``net = Generator(); net = net.state_dict()``: what a function of the file returns from it is a state dict."""
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "__init__.py").write_text("")
    (tmp_path / "kit" / "nets.py").write_text("import torch\n\n\nclass Generator(torch.nn.Module):\n    pass\n")
    (tmp_path / "convert.py").write_text(
        "import torch\nfrom kit.nets import Generator\n\n\n"
        "def convert(old, new):\n    for k in new:\n        new[k] = old[k]\n    return new\n\n\n"
        "old = torch.load('old.pth', weights_only=True)\n"
        "net = Generator()\nnet = net.state_dict()\n"
        "params = convert(old, net)\n"
        "torch.save(dict(params=params), 'new.pth')\n")
    (tmp_path / "load.py").write_text(
        "import torch\n\n\ndef load(model, path):\n    model.load_state_dict(torch.load(path)['params'])\n")
    assert check_paths([tmp_path], "2.15").findings == []
    (tmp_path / "convert.py").write_text((tmp_path / "convert.py").read_text().replace("net = net.state_dict()\n", ""))
    found = [(f.file.rsplit("/", 1)[-1], f.line) for f in check_paths([tmp_path], "2.15").findings]
    assert found == [("load.py", 5)]
