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


SUBTRACT = """
from .masks import make
import torch


def invert(scores, lengths):
    mask = make(lengths).unsqueeze(1)
    return scores.masked_fill(1 - mask.data, 0)
"""


def test_a_helper_returning_a_comparison_of_a_torch_range_makes_the_subtraction_one_of_a_bool_mask(tmp_path):
    # STC-SeqGAN's util/sequence_mask.py: seq_range_expand < seq_length_expand, the left made by torch.arange
    helper = """
def make(sequence_length):
    seq_range = torch.arange(0, sequence_length.max()).long()
    seq_range_expand = seq_range.unsqueeze(0).expand(sequence_length.size(0), -1)
    if sequence_length.is_cuda:
        seq_range_expand = seq_range_expand.cuda()
    mask = seq_range_expand < sequence_length.unsqueeze(1)
    return mask
"""
    files = {"__init__.py": "", "masks.py": "import torch\n\n" + helper, "use.py": SUBTRACT}
    assert check_project(tmp_path / "range", files) == [("use.py", 8, "bool-mask-subtraction")]
    # compared with plain Python numbers on both sides it is a Python bool, which subtracts
    plain = helper.replace("torch.arange(0, sequence_length.max()).long()", "list(range(3))")
    files["masks.py"] = "import torch\n\n" + plain
    assert check_project(tmp_path / "plain", files) == []
