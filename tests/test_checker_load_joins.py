"""torch.load findings resting on project evidence that does not reach the file read: a checkpoint saved plainly to
a .ckpt path held as text, a Lightning checkpoint of a project on the unified ``lightning`` package, a load that reads a
plain file the project saves under its own name, and an object entry a save adds only under an ``if``. Each quiet case
has a look-alike that must still be flagged."""

import io
import textwrap

import torch

from torchpatch.validators.checker import check_paths

LOAD_RULES = ("torch-load-saved-in-project", "torch-load-lightning-checkpoint", "torch-load-pickled-object",
              "torch-load-saved-objects")


def _write(root, files: dict[str, str]) -> None:
    for name, code in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(code))


def _loads(root) -> list[tuple[str, int, str]]:
    return sorted((f.file.rsplit("/", 1)[-1], f.line, f.rule) for f in check_paths([root], "2.15").findings
                  if f.rule in LOAD_RULES)


def test_a_plain_save_to_a_ckpt_path_passed_as_text_is_the_project_s_own_ckpt_file(tmp_path):
    """joeynmt-like: ``torch.save(state, model_path.as_posix())`` writes the .ckpt files its loader reads."""
    _write(tmp_path, {
        "train.py": """
            from pathlib import Path
            import torch
            from helpers import load_checkpoint

            def save(model, opt, model_dir, step):
                model_path = Path(model_dir) / f"{step}.ckpt"
                state = {"model_state": model.state_dict(), "optimizer_state": opt.state_dict()}
                torch.save(state, model_path.as_posix())

            def resume(model, model_dir):
                ckpt = load_checkpoint(Path(model_dir) / "best.ckpt")
                model.load_state_dict(ckpt["model_state"])
            """,
        "helpers.py": """
            import torch

            def load_checkpoint(path):
                return torch.load(path, map_location="cpu")
            """,
    })
    assert _loads(tmp_path) == []
    # the same project saving nothing to a .ckpt path: the .ckpt file it loads is someone else's (Lightning's)
    (tmp_path / "train.py").write_text((tmp_path / "train.py").read_text().replace(
        'f"{step}.ckpt"', 'f"{step}.pt"'))
    assert _loads(tmp_path) == [("helpers.py", 5, "torch-load-lightning-checkpoint")]


LIGHTNING_TASK = """
    {import_line}
    import torch

    class Task(LightningModule):
        def __init__(self, model: str = "resnet18", lr: float = 0.1, weights=None):
            super().__init__()
            self.save_hyperparameters(ignore="weights")

    def extract_backbone(path):
        checkpoint = torch.load(path, map_location="cpu")
        if "model" in checkpoint["hyper_parameters"]:
            return checkpoint["hyper_parameters"]["model"], checkpoint["state_dict"]
        raise ValueError("not a task checkpoint")
    """


def test_the_unified_lightning_package_writes_plain_checkpoints_of_plain_hyperparameters(tmp_path):
    """torchgeo-like: ``lightning.pytorch`` (1.8 and later) keys callback states by strings; with hyper-parameters of
    strings and numbers the task's own checkpoint is plain. ``in ckpt["hyper_parameters"]`` beside a subscript of the
    same entry reads a mapping, not a Namespace."""
    _write(tmp_path, {"tasks.py": LIGHTNING_TASK.format(import_line="from lightning.pytorch import LightningModule")})
    assert _loads(tmp_path) == []
    # pytorch_lightning says nothing of the release: older ones keyed callback states by class
    _write(tmp_path, {"tasks.py": LIGHTNING_TASK.format(import_line="from pytorch_lightning import LightningModule")})
    assert _loads(tmp_path) == [("tasks.py", 11, "torch-load-lightning-checkpoint")]


def test_a_lightning_1_9_checkpoint_of_plain_hyperparameters_holds_only_allowed_types():
    """What such a file holds (keys and values as pytorch-lightning 1.9.5 wrote them, read off a real run) loads."""
    checkpoint = {
        "epoch": 0, "global_step": 2, "pytorch-lightning_version": "1.9.5",
        "state_dict": {"l.weight": torch.zeros(1, 2)}, "loops": {"fit_loop": {"state_dict": {}, "epoch_progress": {
            "total": {"ready": 1, "completed": 1}}}},
        "callbacks": {"ModelCheckpoint{'monitor': 'loss', 'mode': 'min', 'every_n_train_steps': 0, "
                      "'every_n_epochs': 1, 'train_time_interval': None}": {
                          "monitor": "loss", "best_model_score": torch.tensor(0.5), "best_k_models": {}, "dirpath": "."}},
        "optimizer_states": [torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1).state_dict()],
        "lr_schedulers": [{"step_size": 1, "gamma": 0.1, "base_lrs": [0.1], "last_epoch": 1}],
        "hparams_name": "kwargs", "hyper_parameters": {"lr": 0.1, "name": "x"},
    }
    buffer = io.BytesIO()
    torch.save(checkpoint, buffer)
    buffer.seek(0)
    assert torch.load(buffer)["hyper_parameters"] == {"lr": 0.1, "name": "x"}


HRNET_LIKE = """
    import os
    import numpy as np
    import torch

    def train(model, optimizer, out, resume):
        best = np.float64(0.0)
        if resume:
            checkpoint = torch.load(os.path.join(out, "checkpoint.pth.tar"))
            best = checkpoint["best_mIoU"]
            model.load_state_dict(checkpoint["state_dict"])
        torch.save({"best_mIoU": best, "state_dict": model.state_dict(), "optimizer": optimizer.state_dict()},
                   os.path.join(out, "checkpoint.pth.tar"))
        torch.save(model.state_dict(), os.path.join(out, "final_state.pth"))
    """


def test_a_load_of_the_plain_file_the_project_names_is_not_joined_to_another_file_s_layout(tmp_path):
    """HRNet-like: test.py reads final_state.pth (a plain state dict) or a model-zoo file, unwrapping an optional
    'state_dict'; the numpy value lives in checkpoint.pth.tar, which only the resume load reads."""
    _write(tmp_path, {
        "train.py": HRNET_LIKE,
        "test.py": """
            import os
            import torch

            def test(model, config, out):
                if config.TEST.MODEL_FILE:
                    model_state_file = config.TEST.MODEL_FILE
                else:
                    model_state_file = os.path.join(out, "final_state.pth")
                pretrained = torch.load(model_state_file)
                if "state_dict" in pretrained:
                    pretrained = pretrained["state_dict"]
                model.load_state_dict(pretrained)
            """,
    })
    assert _loads(tmp_path) == [("train.py", 9, "torch-load-saved-objects")]
    # reading the resume file by its name from the other script is still that file
    (tmp_path / "test.py").write_text((tmp_path / "test.py").read_text().replace("final_state.pth", "checkpoint.pth.tar"))
    assert _loads(tmp_path) == [("test.py", 10, "torch-load-saved-in-project"),
                                ("train.py", 9, "torch-load-saved-objects")]


TRAINER = """
    import torch

    class Trainer:
        def save_checkpoint(self, path):
            state = {"epoch": self.epoch, "mean_density": self.model.mean_density}
            {guard}state["tet_scale"] = self.model.tet_scale.cpu().numpy()
            state["model"] = self.model.state_dict()
            torch.save(state, path)
    """


def test_an_object_entry_added_only_under_an_if_is_evidence_only_for_loads_reading_it(tmp_path):
    """stable-dreamfusion-like: the numpy 'tet_scale' exists only in files of a DMTet run; a load reading 'model' and
    'mean_density' may read a file of the other mode, one reading 'tet_scale' reads a DMTet file."""
    init = """
        import torch

        def init_from(model, path):
            state = torch.load(path, map_location="cpu")
            model.load_state_dict(state["model"])
            model.mean_density = state["mean_density"]
        """
    _write(tmp_path, {"trainer.py": TRAINER.replace("{guard}", "if self.opt.dmtet:\n                "), "init.py": init})
    assert _loads(tmp_path) == []
    _write(tmp_path, {"init.py": init + '    model.tet_scale = state["tet_scale"]\n'})
    assert _loads(tmp_path) == [("init.py", 5, "torch-load-saved-in-project")]
    # the entry set whatever the options: every file of the layout holds it
    _write(tmp_path, {"trainer.py": TRAINER.replace("{guard}", ""), "init.py": init})
    assert _loads(tmp_path) == [("init.py", 5, "torch-load-saved-in-project")]


LIT_PROJECT = {
    "config.py": """
        from yacs.config import CfgNode
        """,
    "train_pl.py": """
        import os
        import torch
        import pytorch_lightning as pl

        class LitModel(pl.LightningModule):
            def __init__(self, opt):
                super().__init__()
                self.opt = opt

        def main(opt):
            resume_from = os.path.join(opt.start_from, f"{opt.id}_last.ckpt")
            lit = LitModel(opt)
            trainer = pl.Trainer(max_epochs=1)
            if opt.evaluate:
                lit.load_state_dict(torch.load(resume_from, map_location="cpu")["state_dict"], strict=False)
            else:
                trainer.fit(lit, ckpt_path=resume_from)
            return torch.load(f"{opt.id}_last.ckpt")["state_dict"]
        """,
}


def test_the_file_fit_resumes_from_is_the_run_s_own_lightning_1_5_checkpoint(tmp_path):
    """self-critical-like: ``trainer.fit(lit, ckpt_path=resume_from)`` needs Lightning 1.5 or later (callback states
    keyed by strings), and a load of that same .ckpt path the code names reads the run's own file; no module has hyper-parameters, so the
    yacs config the project imports never reaches it. Another .ckpt the project loads may be a published old one."""
    _write(tmp_path, LIT_PROJECT)
    assert _loads(tmp_path) == [("train_pl.py", 19, "torch-load-lightning-checkpoint")]
    # a module that saves hyper-parameters in a project importing a config library: they may hold a CfgNode
    _write(tmp_path, {"train_pl.py": LIT_PROJECT["train_pl.py"].replace(
        "self.opt = opt", "self.opt = opt\n                self.save_hyperparameters()")})
    assert [line for _, line, _ in _loads(tmp_path)] == [17, 20]
    # no resume through fit(ckpt_path=): the release is unknown, and older ones key callback states by class
    _write(tmp_path, {"train_pl.py": LIT_PROJECT["train_pl.py"].replace(
        "trainer.fit(lit, ckpt_path=resume_from)", "trainer.fit(lit)")})
    assert [line for _, line, _ in _loads(tmp_path)] == [16, 19]


def test_keys_read_where_a_restore_failure_is_caught_are_still_the_layout_s(tmp_path):
    """mozilla/TTS-like: ``except (KeyError, RuntimeError):`` is a fallback for a partial restore, not for older files
    without the keys: the keys read there stay required, and the plain save beside the loader holding only 'step' does
    not hide the Namespace-holding layout; the same load behind ``except KeyError:`` alone reads only 'step' for sure,
    which that plain save holds too."""
    saver = """
        import argparse
        import torch

        def save(model, optimizer, step, path):
            torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "step": step,
                        "config": argparse.Namespace(lr=1.0)}, path)
        """
    loader = """
        import torch

        def note(step, path):
            torch.save({"step": step}, path)

        def restore(model, optimizer, path):
            checkpoint = torch.load(path, map_location="cpu")
            try:
                model.load_state_dict(checkpoint["model"])
                optimizer.load_state_dict(checkpoint["optimizer"])
            except CAUGHT:
                model.load_state_dict(checkpoint["model"], strict=False)
            return checkpoint["step"]
        """
    _write(tmp_path / "a", {"saver.py": saver, "bin/train.py": loader.replace("CAUGHT", "(KeyError, RuntimeError)")})
    _write(tmp_path / "b", {"saver.py": saver, "bin/train.py": loader.replace("CAUGHT", "KeyError")})
    assert _loads(tmp_path / "a") == [("train.py", 8, "torch-load-saved-in-project")]
    assert _loads(tmp_path / "b") == []


def test_an_optimizer_of_the_file_keeps_a_function_only_where_one_is_passed_for_a_default(tmp_path):
    """vicreg-like LARS: a lambda for an option the class keeps in its defaults is pickled with the state dict
    (Unsupported global on 2.15); an option the class does not keep there, or a number, is not."""
    code = """
        import torch

        class Lars(torch.optim.Optimizer):
            def __init__(self, params, lr, decay_filter=None, hook=None):
                self.hook = hook
                super().__init__(params, dict(lr=lr, decay_filter=decay_filter))

        def run(model, path, PASSED):
            optimizer = Lars(model.parameters(), lr=0.1, PASSED)
            if path.exists():
                optimizer.load_state_dict(torch.load(path)["optimizer"])
            torch.save({"optimizer": optimizer.state_dict()}, path)
        """
    _write(tmp_path / "a", {"train.py": code.replace("PASSED", "decay_filter=lambda p: p.ndim == 1")})
    _write(tmp_path / "b", {"train.py": code.replace("PASSED", "hook=lambda p: p.ndim == 1")})
    _write(tmp_path / "c", {"train.py": code.replace("PASSED", "decay_filter=0.5")})
    assert _loads(tmp_path / "a") == [("train.py", 12, "torch-load-saved-objects")]
    assert _loads(tmp_path / "b") == _loads(tmp_path / "c") == []

    class Lars(torch.optim.Optimizer):  # the behaviour the rule rests on, on the installed torch
        def __init__(self, params, lr, decay_filter=None):
            super().__init__(params, dict(lr=lr, decay_filter=decay_filter))

    buffer = io.BytesIO()
    torch.save({"optimizer": Lars(torch.nn.Linear(2, 2).parameters(), 0.1, len).state_dict()}, buffer)
    buffer.seek(0)
    try:
        torch.load(buffer)
    except Exception as error:  # pickle.UnpicklingError
        assert "Unsupported global" in str(error)
    else:
        raise AssertionError("a function in a param group loaded under weights_only=True")


_FIELD_SAVE = """
    import numpy as np
    import torch


    class Field(torch.nn.Module):
        def save(self, path):
            ckpt = {"kwargs": self.kwargs, "state_dict": self.state_dict()}
            if self.mask is not None:
                ckpt.update({"mask.bits": np.packbits(self.mask.cpu().numpy())})
            torch.save(ckpt, path)

        def load(self, ckpt):
            if "mask.bits" in ckpt:
                self.mask = torch.from_numpy(np.unpackbits(ckpt["mask.bits"]))
            self.load_state_dict(ckpt["state_dict"])
"""
_FIELD_LOAD = """
    import torch

    from field import Field


    def render(path):
        ckpt = torch.load(path, map_location="cpu")
        field = Field(**ckpt["kwargs"])
        field.load(ckpt)
        return field
"""


def test_a_load_handed_to_a_method_reads_the_keys_the_one_method_of_that_name_reads(tmp_path):
    """TensoRF-like: ``ckpt.update({...: np.packbits(v)})`` under an ``if`` in a project save(); the load's result
    goes to ``field.load(ckpt)``, whose only definition reads that entry: the load reads the numpy array."""
    _write(tmp_path, {"field.py": _FIELD_SAVE, "render.py": _FIELD_LOAD})
    assert _loads(tmp_path) == [("render.py", 8, "torch-load-saved-in-project")]


def test_a_method_name_two_classes_read_differently_tells_nothing(tmp_path):
    """Another class's ``load(ckpt)`` reads other keys: no telling which one the object is, so the conditional numpy
    entry is evidence for no load that reads only ``'kwargs'``."""
    other = """
        import torch


        class Cache:
            def load(self, ckpt):
                self.rows = ckpt["rows"]
    """
    _write(tmp_path, {"field.py": _FIELD_SAVE, "render.py": _FIELD_LOAD, "cache.py": other})
    assert _loads(tmp_path) == []


_TRAINER = """
    import torch
    from omegaconf import OmegaConf


    class Trainer:
        def __init__(self, task, model):
            self.config = {CONFIG}
            self.config = update_config(self.config)
            self.model = model

        def save(self, path):
            torch.save({"state_dict": self.model.state_dict(), "config": self.config}, path)


    def update_config(config):
        config.setdefault("task", {})
        return config
"""
_READER = """
    import torch


    def read(path):
        checkpoint = torch.load(path, map_location="cpu")
        return checkpoint["config"], checkpoint["state_dict"]
"""


def test_a_config_attribute_the_class_builds_as_a_plain_dict_is_no_config_object(tmp_path):
    """fairchem-like: ``self.config = {...}`` in ``__init__`` (then rebuilt from itself): the checkpoint's 'config' is
    plain data even where the project imports a config library; built with OmegaConf.create it is a DictConfig."""
    _write(tmp_path / "plain", {"trainer.py": _TRAINER.replace("{CONFIG}", '{"task": task, "seed": 0}'),
                                "read.py": _READER})
    assert _loads(tmp_path / "plain") == []
    _write(tmp_path / "object", {"trainer.py": _TRAINER.replace("{CONFIG}", 'OmegaConf.create({"task": task})'),
                                 "read.py": _READER})
    assert _loads(tmp_path / "object") == [("read.py", 6, "torch-load-saved-in-project")]


def test_a_helper_saving_by_keyword_and_an_older_key_read_under_a_bare_except(tmp_path):
    """StudioGAN-like: ``misc.save_model(kind="D", states=d)`` saves ``d`` (a numpy metric in it); the load reads an
    older layout's key only where a bare ``except:`` around key reads alone falls back to it. A class given the dict
    (``CheckpointSaver(save_dict=...)``, a library saver of state_dicts) is no save of that layout."""
    saver = """
        import numpy as np
        import torch
        from utils import misc

        def save(dis, losses, step):
            d = {"state_dict": dis.state_dict(), "step": step, "best": np.mean(losses)}
            misc.save_model(kind="D", step=step, states=d)
        """
    helper = """
        import torch

        def save_model(kind, step, states):
            torch.save(states, f"{kind}-{step}.pth")
        """
    loader = """
        import torch

        def restore(dis, path):
            ckpt = torch.load(path, map_location="cpu")
            dis.load_state_dict(ckpt["state_dict"])
            try:
                best = ckpt["best"]
            except:
                best = ckpt["best_score"]
            return ckpt["step"], best
        """
    _write(tmp_path / "a", {"train.py": saver, "utils/misc.py": helper, "resume.py": loader})
    assert _loads(tmp_path / "a") == [("resume.py", 5, "torch-load-saved-in-project")]
    # without the fallback's except the older key is required: no layout holds it
    _write(tmp_path / "b", {"train.py": saver, "utils/misc.py": helper,
                            "resume.py": loader.replace("except:", "except ValueError:")})
    assert _loads(tmp_path / "b") == []
    _write(tmp_path / "c", {"train.py": saver.replace("misc.save_model(kind=\"D\", step=step, states=d)",
                                                      "misc.CheckpointSaver(states=d)"),
                            "utils/misc.py": helper, "resume.py": loader})
    assert _loads(tmp_path / "c") == []


def test_an_options_attribute_the_file_reads_by_key_is_a_dict_not_a_namespace(tmp_path):
    """AGGCN-like: ``self.opt = opt`` saved as ``'config': self.opt`` where the file reads ``opt['cuda']``: the options
    are ``vars(args)``, a plain dict (a Namespace has no items), so the load of that checkpoint is fine. The same
    trainer reading ``opt.cuda`` keeps a Namespace, which weights_only refuses."""
    _write(tmp_path, {"trainer.py": """
        import torch
        from torch import nn

        class Trainer:
            def __init__(self, opt):
                self.opt = opt
                self.model = nn.Linear(2, 2)
                if opt['cuda']:
                    self.model.cuda()

            def save(self, filename):
                torch.save({'model': self.model.state_dict(), 'config': self.opt}, filename)

            def load(self, filename):
                checkpoint = torch.load(filename)
                self.model.load_state_dict(checkpoint['model'])
        """})
    assert _loads(tmp_path) == []
    (tmp_path / "trainer.py").write_text((tmp_path / "trainer.py").read_text().replace("opt['cuda']", "opt.cuda"))
    assert _loads(tmp_path) == [("trainer.py", 16, "torch-load-saved-objects")]
    # a config library imported beside the keyed reads: an EasyDict has items and is still refused
    (tmp_path / "trainer.py").write_text("from easydict import EasyDict\n" + (tmp_path / "trainer.py").read_text()
                                         .replace("opt.cuda", "opt['cuda']"))
    assert _loads(tmp_path) == [("trainer.py", 17, "torch-load-saved-objects")]


def test_options_the_project_binds_only_to_vars_are_a_dict_in_every_file(tmp_path):
    """A helper saving ``'config': opt`` for a parameter named ``opt`` cannot tell; the sub-project can: train.py's
    ``opt = vars(args)`` (and eval.py's ``opt = load_config(path)``, what that save wrote) make it a dict. Where a file
    binds ``opt`` to the parsed Namespace itself, the helper's loads are flagged again."""
    helper = """
        import torch

        def save(model, opt, filename):
            torch.save({"model": model.state_dict(), "config": opt}, filename)

        def load_config(filename):
            return torch.load(filename)["config"]
        """
    train = """
        import argparse
        import torch
        from helpers import save

        args = argparse.ArgumentParser().parse_args()
        opt = vars(args)
        save(torch.nn.Linear(2, 2), opt, "best.pt")
        """
    _write(tmp_path, {"helpers.py": helper, "train.py": train,
                      "eval.py": "from helpers import load_config\nopt = load_config('best.pt')\n"})
    assert _loads(tmp_path) == []
    (tmp_path / "train.py").write_text(textwrap.dedent(train).replace("opt = vars(args)", "opt = args"))
    assert [rule for _, _, rule in _loads(tmp_path)] == ["torch-load-saved-in-project"]
