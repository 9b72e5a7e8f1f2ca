"""Objects of torch classes outside torch.nn saved whole (a cached TensorDataset, an optimizer), whole models read
off ``self.ckpt`` or through an item bound to a name, ``op.join`` paths, keyword ``torch.save(obj=, f=)``, and
mmengine Runner checkpoints read by converters and by the CheckpointHook's file names (validators/checker)."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pytest
import torch
from torch.utils.data import ConcatDataset, Subset, TensorDataset

from torchpatch.validators.checker import check_paths, check_source
from torchpatch.validators.checker.ckptfile import file_name
from torchpatch.validators.parsing import parse_expression
from torchpatch.validators.checker.runnerckpt import reads_runner_checkpoint


def _refused(value) -> bool:
    buffer = io.BytesIO()
    torch.save(value, buffer)
    buffer.seek(0)
    try:
        torch.load(buffer)
    except Exception:  # noqa: BLE001 - UnpicklingError is the point
        return True
    return False


def _rules(code: str) -> list[tuple[int, str]]:
    return [(f.line, f.rule) for f in check_source(textwrap.dedent(code), "2.15", "x.py")
            if f.rule.startswith("torch-load")]


def test_torch_2_15_refuses_the_torch_objects_the_checker_names():
    data = TensorDataset(torch.zeros(2, 1))
    model = torch.nn.Linear(1, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for value in (data, Subset(data, [0]), ConcatDataset([data, data]), optimizer,
                  torch.optim.lr_scheduler.StepLR(optimizer, 1)):
        assert _refused(value), type(value)
    assert not _refused({"optimizer": optimizer.state_dict(), "ids": torch.arange(3)})


@pytest.mark.parametrize("built", [
    "TensorDataset(ids)", "torch.utils.data.TensorDataset(ids, ids)", "data.Subset(ids, [0])",
    "torch.optim.SGD([ids], lr=0.1)", "optim.lr_scheduler.StepLR(opt, 1)"])
def test_a_cached_torch_object_is_found(built):
    code = f"""
        import torch
        from torch import optim
        from torch.utils import data
        from torch.utils.data import TensorDataset

        def cache(ids, opt):
            value = {built}
            torch.save(value, "cache.pt")

        def read():
            return torch.load("cache.pt")
        """
    assert [rule for _, rule in _rules(code)] == ["torch-load-saved-objects"]


@pytest.mark.parametrize("built", ["torch.utils.data.default_collate(ids)", "torch.optim.Optimizer", "torch.arange(3)"])
def test_torch_functions_and_tensors_stay_plain(built):
    code = f"""
        import torch

        def cache(ids):
            torch.save({{"v": {built}}}, "cache.pt")

        def read():
            return torch.load("cache.pt")
        """
    assert _rules(code) == []


def test_both_branches_building_the_object_leave_it_saved():
    code = """
        import torch
        from torch.utils.data import TensorDataset

        def cache(ids, only_src, path):
            out = {}
            if only_src:
                data = TensorDataset(ids)
            else:
                data = TensorDataset(ids, ids)
            out["x"] = (ids, data)
            torch.save(out, "cache.pt")

        def cache_plain(ids, only_src, path):
            out = {}
            if only_src:
                data = TensorDataset(ids)
            else:
                data = ids
            out["x"] = data
            torch.save(out, "plain.pt")

        def read():
            return torch.load("cache.pt")
        """
    assert _rules(code) == [(24, "torch-load-saved-objects")]
    assert _rules(code.replace('torch.save(out, "cache.pt")', "pass")) == []  # the other save alone: one branch plain


def test_an_item_read_as_a_module_through_a_name_or_self_attribute():
    code = """
        import torch

        def load(p, fuse):
            ckpt = torch.load(p)
            model = ckpt["ema" if ckpt.get("ema") else "model"].float()
            if fuse:
                model = wrap(model).eval()
            else:
                model = model.eval()
            return model

        def rebound(p, build):
            ckpt = torch.load(p)
            model = ckpt["model"]
            model = build(model)
            model.eval()

        class Trainer:
            def __init__(self, p):
                self.ckpt = torch.load(p)

            def resume(self, model):
                model.load_state_dict(self.ckpt["model"].float().state_dict())
        """
    assert _rules(code) == [(5, "torch-load-pickled-object"), (21, "torch-load-pickled-object")]


@pytest.mark.parametrize(("path", "name"), [
    ('op.join(d, "training_args.bin")', "training_args.bin"), ('bf.join(d, "a", "m.pt")', "m.pt"),
    ('", ".join(parts)', None), ('sep.join(parts)', None), ('os.path.join("x.pt")', "x.pt")])
def test_a_join_of_two_parts_or_more_spells_a_file_name(path, name):
    assert file_name(parse_expression(path)) == name


@pytest.mark.parametrize(("path", "name"), [
    ('osp.join(d, "fragment_{:06d}.pt".format(i))', "fragment_*.pt"), ('f"{d}/fragment_{i:06d}.pt"', "fragment_*.pt"),
    ('"viz/data_%i.pt" % n', "data_*.pt"), ('d / f"ep{n}_model.pth"', "ep*_model.pth"),
    ('osp.join(d, "{}.pt".format(name))', None), ('f"{d}/{name}_{i}.pt"', None), ('f"{d}/{name}.pt"', None),
    ('"frag_{}".format(i)', None), ('"%s.pth.tar" % name', None)])
def test_a_numbered_template_names_its_family_of_files(path, name):
    assert file_name(parse_expression(path)) == name


def test_a_keyword_save_is_a_save():
    code = """
        import torch

        def train(model, path):
            torch.save(obj={"model": model.state_dict()}, f=path)

        def resume(model, path):
            model.load_state_dict(torch.load(path)["model"])

        def whole(model, path):
            torch.save(obj=model, f=path + ".whole")
            return torch.load(path + ".whole")
        """
    assert _rules(code) == [(12, "torch-load-saved-objects")]


def test_the_checkpoint_hook_file_names_and_converters_in_a_runner_project(tmp_path: Path):
    assert reads_runner_checkpoint(frozenset({"ema_state_dict"}), False, "epoch_2.pth")
    assert reads_runner_checkpoint(frozenset(), False, "iter_400.pth")
    assert not reads_runner_checkpoint(frozenset(), False, "best.pth")
    assert not reads_runner_checkpoint(frozenset({"model"}), False, "epoch_2.pth")  # a key the Runner never writes
    (tmp_path / "train.py").write_text("from mmengine.runner import Runner\n")
    (tmp_path / "convert.py").write_text(textwrap.dedent("""
        import torch

        def convert(src, dst):
            ckpt = torch.load(src)
            torch.save({"meta": ckpt["meta"], "state_dict": ckpt["state_dict"]}, dst)

        def show(src):
            ckpt = torch.load(src)
            return ckpt["meta"], ckpt["state_dict"]
        """))
    found = [(f.line, f.rule) for f in check_paths([tmp_path], "2.15").findings]
    assert found == [(5, "torch-load-saved-in-project")]
    (tmp_path / "train.py").write_text("import torch\n")  # no Runner: a converter of any checkpoint
    assert check_paths([tmp_path], "2.15").findings == []


def test_an_instance_saving_its_own_attributes_with_a_config_object():
    code = """
        import torch
        from omegaconf import OmegaConf


        class Run:
            def __init__(self, cfg):
                self.cfg = OmegaConf.create(cfg)
                self.epoch = 0

            def save(self, path):
                torch.save(self.__dict__.copy(), path)


        class Plain:
            def __init__(self):
                self.totals = torch.zeros(2)

            def save(self, path):
                torch.save(vars(self), path)


        def last_epoch(path):
            return torch.load(path)["epoch"]


        def totals(path):
            return torch.load(path)["totals"]


        def entry(path, key):
            return torch.load(path)[key]
        """
    assert _rules(code) == [(24, "torch-load-saved-in-project")]
