"""uint8 masks made by a project function of another module (checker/helpermasks.py, used by uint8masks.py)."""

from .checker_projects import check_project

USE = """
from .masks import make
import torch


def fill(x, lengths):
    mask = make(lengths)
    return x.masked_fill(mask, 0)
"""


def _found(tmp_path, helper):
    return check_project(tmp_path, {"__init__.py": "", "masks.py": "import torch\n\n\n" + helper, "use.py": USE})


def test_a_helper_returning_a_byte_tensor_it_reshapes_makes_the_use_a_uint8_mask(tmp_path):
    found = _found(tmp_path / "made", """
def make(lengths):
    mask = torch.ByteTensor(3, 4).zero_()
    mask[: lengths[0]] = 1
    mask = mask.unsqueeze(2)
    return mask.cuda()
""")
    assert found == [("use.py", 8, "uint8-mask-fill")]
    found = _found(tmp_path / "dtype", """
def make(lengths):
    return torch.zeros(3, dtype=torch.uint8)
""")
    assert found == [("use.py", 8, "uint8-mask-fill")]


def test_a_helper_that_may_return_anything_else_leaves_the_use_alone(tmp_path):
    helpers = {
        "compared": "def make(lengths):\n    mask = torch.ByteTensor(3).zero_()\n    return mask == 0\n",
        "parameter": "def make(lengths):\n    return lengths\n",
        "loop": "def make(lengths):\n    mask = torch.ByteTensor(3)\n    for mask in lengths:\n        pass\n"
                "    return mask\n",
        "either": "def make(lengths):\n    if lengths:\n        return torch.ByteTensor(3)\n    return lengths > 0\n",
        "bare return": "def make(lengths):\n    if lengths:\n        return\n    return torch.ByteTensor(3)\n",
    }
    for name, helper in helpers.items():
        assert _found(tmp_path / name.replace(" ", "_"), helper) == [], name
