"""Which functions of a module return what weights_only=True refuses (validators/checker/returns.py), and the
project pass that uses it for values saved in another module."""

import ast
import io

import numpy as np
import pytest
import torch

from torchpatch.validators.checker import check_paths
from torchpatch.validators.checker.returns import ReturnIndex, module_suffix, returned_objects

MODULE = '''
import numpy as np


class Score:
    def get_scores(self):
        iu = np.diag(self.hist) / self.hist.sum(axis=1)
        mean_iu = np.nanmean(iu)
        return {"Mean IoU": mean_iu}, iu

    def plain(self):
        return {"acc": float(np.mean(self.hist)), "n": self.hist.sum().item()}


def splits(n):
    idx = np.arange(n)
    return [idx[: n // 2], idx[n // 2:]]


def summary(losses):
    return sum(losses) / len(losses)


def build():
    return Score()


def pair(losses):
    return len(losses), np.mean(losses)
'''


def test_returned_objects_names_numpy_instances_and_classes_not_plain_values():
    found = returned_objects(ast.parse(MODULE))
    assert found == {"Score", "Score.get_scores", "Score.get_scores#", "Score.get_scores#0", "Score.get_scores#1",
                     "splits", "build", "pair", "pair#", "pair#1"}


def test_a_function_returning_what_another_function_of_the_module_returns():
    chain = ast.parse("import numpy as np\n\n"
                      "def distance(a, b):\n    return np.trace(a) - 2 * np.trace(b)\n\n"
                      "def moments(x):\n    return len(x), np.cov(x)\n\n"
                      "def metric(x, ref):\n    n, cov = moments(x)\n    value = distance(cov, ref)\n"
                      "    return value, n\n\n"
                      "def count(x):\n    n, cov = moments(x)\n    return n\n\n"
                      "def state(x):\n    net = Net()\n    return net.state_dict()\n\n"
                      "class Net:\n    pass\n")
    found = returned_objects(chain)
    assert {"distance", "metric", "metric#", "metric#0"} <= found  # through distance(), at any depth
    assert "metric#1" not in found and "count" not in found  # only the tuple position moments() fills with numpy
    assert "state" not in found  # a state_dict() of the module's own class is plain


def test_numpy_scalar_in_a_saved_dict_is_refused_by_weights_only():
    """What makes a value returned by get_scores an object: np.nanmean gives an np.float64."""
    buffer = io.BytesIO()
    torch.save({"best_iou": np.nanmean(np.array([0.5, np.nan]))}, buffer)
    buffer.seek(0)
    with pytest.raises(Exception, match="Unsupported global: GLOBAL numpy"):
        torch.load(buffer)


def test_module_suffix_resolves_absolute_and_relative_imports(tmp_path):
    importer = tmp_path / "pkg" / "train.py"
    assert module_suffix("pkg.metrics", 0, str(importer)) == "pkg/metrics"
    assert module_suffix("metrics", 1, str(importer)) == f"{tmp_path.as_posix()}/pkg/metrics"
    assert module_suffix(None, 2, str(importer)) == tmp_path.as_posix()


def test_index_finds_the_defining_file_only_for_object_returns(tmp_path):
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "__init__.py").write_text("")
    (tmp_path / "kit" / "metrics.py").write_text(MODULE)
    index = ReturnIndex()
    for path in tmp_path.rglob("*.py"):
        index.add(str(path))
    assert index.defining("kit/metrics", "Score.get_scores") == (tmp_path / "kit" / "metrics.py").as_posix()
    assert index.defining("kit/metrics", "summary") is None
    assert index.defining("kit/metrics", "pair#1") is not None and index.defining("kit/metrics", "pair#0") is None
    assert index.defining("kit/metrics", "splits#0") is not None  # not a tuple display: whatever splits returns
    assert index.defining("other/metrics", "Score.get_scores") is None
    assert index.is_class((tmp_path / "kit" / "metrics.py").as_posix(), "Score")


def test_a_checkpoint_read_elsewhere_is_flagged_only_when_the_imported_function_returns_an_object(tmp_path):
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "__init__.py").write_text("")
    (tmp_path / "kit" / "metrics.py").write_text(MODULE)
    (tmp_path / "train.py").write_text(
        "import torch\nfrom kit.metrics import Score, summary\n\n\n"
        "def save(model, path, losses):\n"
        "    score, _ = Score().get_scores()\n"
        "    torch.save({'weights': model.state_dict(), 'iou': score['Mean IoU']}, path)\n"
        "    torch.save({'state': model.state_dict(), 'loss': summary(losses)}, path + '.plain')\n")
    (tmp_path / "evaluate.py").write_text(
        "import torch\n\n\ndef load(model, path):\n"
        "    model.load_state_dict(torch.load(path)['weights'])\n"
        "    model.load_state_dict(torch.load(path + '.plain')['state'])\n")
    found = [(f.file.rsplit("/", 1)[-1], f.line, f.rule) for f in check_paths([tmp_path], "2.15").findings]
    assert found == [("evaluate.py", 5, "torch-load-saved-in-project")]
