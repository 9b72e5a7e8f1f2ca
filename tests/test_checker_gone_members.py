"""Members of torch classes that older builds had: read from the builds' wheels (radar/gone_members.py) and shipped
as checker/gone-members.json, which the checker's gonemembers.py reads."""

import json
import zipfile

from torchpatch.validators.checker.gonemembers import GONE_MEMBERS_FILE
from torchpatch.validators.radar.gone_members import inherited_members, read_build

OLD_SCHEDULERS = '''
class _LRScheduler(object):
    last_epoch = -1

    def step(self, epoch=None):
        pass

    def print_lr(self, is_verbose, group, lr, epoch=None):
        pass


class OneCycleLR(_LRScheduler):
    total_steps: int

    def _format_param(self, name, optimizer, param):
        return param

    def __repr__(self):
        return "OneCycleLR"
'''


def test_a_build_s_classes_hold_their_own_members_and_inherit_their_bases(tmp_path):
    wheel = tmp_path / "torch-1.13.1-cp310-none-macosx_11_0_arm64.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("torch/optim/lr_scheduler.py", OLD_SCHEDULERS)
        archive.writestr("torch/jit/other.py", "class Outside:\n    def gone(self):\n        pass\n")
    classes = read_build(wheel)
    assert set(classes) == {"torch.optim.lr_scheduler._LRScheduler", "torch.optim.lr_scheduler.OneCycleLR"}
    members = inherited_members(classes)
    # an annotation alone declares an instance attribute; dunder methods are left out
    assert members["torch.optim.lr_scheduler.OneCycleLR"] == {"_format_param", "step", "print_lr", "last_epoch"}


def test_the_shipped_index_names_the_members_projects_still_call():
    classes = json.loads(GONE_MEMBERS_FILE.read_text())["classes"]
    assert "_format_param" in classes["torch.optim.lr_scheduler.OneCycleLR"]
    assert "is_better" in classes["torch.optim.lr_scheduler.ReduceLROnPlateau"]
    assert "check_forward_input" in classes["torch.nn.RNNCellBase"]
    assert "print_lr" in classes["torch.optim.lr_scheduler.LRScheduler"]
    # what 2.15 still has is never listed
    assert "step" not in classes["torch.optim.lr_scheduler.OneCycleLR"]
    assert "forward" not in classes.get("torch.nn.Module", {})
