"""Torch calls spreading a ``**kwargs`` parameter that every caller of the project leaves empty (checker/spread.py)."""

from .checker_projects import check_project

ACTIVATION = """
import torch.nn as nn

class Activation(nn.Module):
    def __init__(self, name, **params):
        super().__init__()
        self.activation = nn.Softmax(**params) if name == "softmax" else nn.Identity()
"""


def test_a_spread_that_no_caller_fills_is_an_empty_call(tmp_path):
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "modules.py": ACTIVATION, "heads.py": """
        import torch
        from .modules import Activation

        def head(name):
            return torch.nn.Sequential(Activation(name))
        """})
    assert found == [("modules.py", 7, "softmax-module-without-dim")]


def test_a_caller_passing_a_keyword_or_spreading_its_own_leaves_the_call_alone(tmp_path):
    for callers in ("Activation(name), Activation(name, dim=1)", "Activation(name, **kwargs)",
                    "Activation(name, **kwargs), Activation(name, dim=1)"):
        found = check_project(tmp_path / str(len(callers)), {"__init__.py": "", "modules.py": ACTIVATION,
                                                             "heads.py": f"""
            import torch
            from .modules import Activation

            def head(name, **kwargs):
                return torch.nn.Sequential({callers})
            """})
        assert found == []


CHECKPOINT_HELPER = """
from torch.utils.checkpoint import checkpoint

def auto_grad_checkpoint(module, *args, **kwargs):
    if getattr(module, "grad_checkpointing", False):
        return checkpoint(module, *args, **kwargs)
    return module(*args, **kwargs)
"""


def test_a_call_passing_no_keyword_empties_the_spread_whatever_other_callers_spread(tmp_path):
    """PixArt-alpha: one model calls the helper with no keyword, others pass their forward's **kwargs on: on the
    first call the dict is empty, so checkpoint() runs without use_reentrant."""
    nets = {"__init__.py": "", "utils.py": CHECKPOINT_HELPER, "ms.py": """
        import torch
        from .utils import auto_grad_checkpoint

        class NetMS(torch.nn.Module):
            def forward(self, x, y, **kwargs):
                return auto_grad_checkpoint(self.block, x, y, **kwargs)
        """}
    assert check_project(tmp_path / "spread", nets) == []
    found = check_project(tmp_path / "bare", {**nets, "net.py": """
        import torch
        from .utils import auto_grad_checkpoint

        class Net(torch.nn.Module):
            def forward(self, x, y):
                return auto_grad_checkpoint(self.block, x, y)
        """})
    assert found == [("utils.py", 6, "checkpoint-without-use-reentrant")]
    found = check_project(tmp_path / "named", {**nets, "net.py": """
        import torch
        from .utils import auto_grad_checkpoint

        class Net(torch.nn.Module):
            def forward(self, x, y):
                return auto_grad_checkpoint(self.block, x, y) + auto_grad_checkpoint(self.block, x, y,
                                                                                     use_reentrant=False)
        """})
    assert found == []


def test_no_caller_or_a_subclass_leaves_the_call_alone(tmp_path):
    assert check_project(tmp_path / "alone", {"__init__.py": "", "modules.py": ACTIVATION}) == []
    found = check_project(tmp_path / "derived", {"__init__.py": "", "modules.py": ACTIVATION, "heads.py": """
        import torch
        from .modules import Activation

        class Softmax(Activation):
            def __init__(self, **kwargs):
                super().__init__("softmax", **kwargs)

        def head(name):
            return torch.nn.Sequential(Activation(name))
        """})
    assert found == []


DDP_HELPER = """
import torch
from torch.nn.parallel import DistributedDataParallel

def create_ddp_model(model, *, fp16_compression=False, **kwargs):
    if torch.distributed.get_world_size() == 1:
        return model
    if "device_ids" not in kwargs:
        kwargs["device_ids"] = [torch.cuda.current_device()]
    return DistributedDataParallel(model, **kwargs)
"""


def test_a_keyword_a_helper_passes_on_to_torch_is_found_where_it_is_passed(tmp_path):
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "engine.py": DDP_HELPER, "trainer.py": """
        import torch
        from .engine import create_ddp_model

        class Trainer:
            def __init__(self, model):
                self.model = create_ddp_model(model, broadcast_buffers=False)

        def quiet(model):
            return create_ddp_model(model, fp16_compression=True, find_unused_parameters=True)
        """})
    assert found == [("trainer.py", 7, "ddp-broadcast-buffers")]


def test_a_keyword_the_helper_names_or_an_ambiguous_helper_keeps_quiet(tmp_path):
    named = DDP_HELPER.replace("fp16_compression=False,", "fp16_compression=False, broadcast_buffers=True,")
    caller = """
        from .engine import create_ddp_model

        def wrap(model):
            return create_ddp_model(model, broadcast_buffers=False)
        """
    assert check_project(tmp_path / "named", {"__init__.py": "", "engine.py": named, "trainer.py": caller}) == []
    twice = {"__init__.py": "", "engine.py": DDP_HELPER, "other.py": "def create_ddp_model(model, **kw):\n    return model\n",
             "trainer.py": caller}
    assert check_project(tmp_path / "twice", twice) == []


EXPORT_TEST = """
import io
import torch

class ExportTest:
    def test_keypoints(self):
        self._test_model(torch.nn.Linear(2, 2), (torch.randn(1, 2),), input_names=["x"], dynamic_axes={"x": {0: "b"}})

    def test_zoo(self):
        self._test_from_config("a.yaml", batch=2)

    def _test_from_config(self, path, batch=1, **export_kwargs):
        return self._test_model(torch.nn.Linear(2, 2), (torch.randn(batch, 2),), **export_kwargs)

    def _test_from_other_config(self, path, **export_kwargs):
        return self._test_model(torch.nn.Linear(2, 2), (torch.randn(1, 2),), **export_kwargs)

    def _test_model(self, model, inputs, opset_version=17, **export_kwargs):
        f = io.BytesIO()
        torch.onnx.export(model, inputs, f, training=torch.onnx.TrainingMode.EVAL, opset_version=opset_version,
                          **export_kwargs)
        return f.getvalue()
"""


def test_a_private_method_whose_callers_never_pass_the_argument_misses_it(tmp_path):
    # the callers pass input_names/dynamic_axes, or their own **export_kwargs, which test_zoo fills with a named
    # parameter only and no code calls _test_from_other_config with: dynamo= is in no call
    found = check_project(tmp_path / "tests", {"test_export.py": EXPORT_TEST})
    assert found == [("test_export.py", 20, "onnx-export-dynamo-default")]


def test_a_caller_passing_the_argument_or_an_unknown_spread_keeps_the_method_quiet(tmp_path):
    for name, change in (("dynamo", ('input_names=["x"]', 'dynamo=True')),
                         ("unknown", ('batch=2)', 'batch=2, **self.options)')),
                         ("public", ("_test_model", "check_model"))):
        found = check_project(tmp_path / name, {"test_export.py": EXPORT_TEST.replace(*change)})
        assert found == [], name


LAZY_TRAIN = """
from detectron2.config import LazyConfig, instantiate
from engine import create_ddp_model

def do_train(cfg):
    model = instantiate(cfg.model)
    model = create_ddp_model(model, **cfg.train.ddp)
    return model
"""


def test_a_config_dict_spread_into_the_helper_passes_its_keys_from_a_file_naming_no_torch(tmp_path):
    # tools/lazyconfig_train_net.py names no torch: the walk skips it, the pass reads its calls of the helper
    config = """
        train = dict(
            output_dir="./output",
            ddp=dict(broadcast_buffers=False, find_unused_parameters=False, fp16_compression=False),
        )
        """
    found = check_project(tmp_path / "lazy", {"engine.py": DDP_HELPER, "train_net.py": LAZY_TRAIN,
                                              "configs/train.py": config})
    assert found == [("train_net.py", 7, "ddp-broadcast-buffers")]
    quiet = config.replace("broadcast_buffers=False, ", "")
    assert check_project(tmp_path / "quiet", {"engine.py": DDP_HELPER, "train_net.py": LAZY_TRAIN,
                                              "configs/train.py": quiet}) == []
    assert check_project(tmp_path / "none", {"engine.py": DDP_HELPER, "train_net.py": LAZY_TRAIN}) == []
    plain = "from engine import create_ddp_model\n\ndef wrap(model):\n    return create_ddp_model(model, broadcast_buffers=False)\n"
    assert check_project(tmp_path / "plain", {"engine.py": DDP_HELPER, "wrap.py": plain}) == [
        ("wrap.py", 4, "ddp-broadcast-buffers")]


def test_config_dicts_read_each_spelling_and_leave_unknown_keys_out(tmp_path):
    from torchpatch.validators.checker.configdicts import config_dicts, config_path
    from torchpatch.validators.parsing import parse_expression
    assert config_path(parse_expression("cfg.train.ddp")) == ("train", "ddp")
    assert config_path(parse_expression("self.train.ddp")) is None and config_path(parse_expression("cfg.ddp")) is None
    spellings = {"a.py": 'train = {"ddp": {"broadcast_buffers": False}}\n',
                 "b.py": "train.ddp = dict(find_unused_parameters=True)\n",
                 "c.py": "train = dict(ddp=dict(**base))\n",
                 "d.py": "def f():\n    train = dict(ddp=dict(x=1))\n"}
    for name, code in spellings.items():
        (tmp_path / name).write_text(code)
    found = config_dicts(("train", "ddp"), [str(tmp_path / name) for name in sorted(spellings)])
    assert [(file.rsplit("/", 1)[-1], line, [kw.arg for kw in keywords]) for file, line, keywords in found] == [
        ("a.py", 1, ["broadcast_buffers"]), ("b.py", 1, ["find_unused_parameters"])]
