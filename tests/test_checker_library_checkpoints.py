"""Checkpoints known by the code that writes them: mmengine's Runner, DeepSpeed's ZeRO optimizer files, and the
hyper-parameters a project's own LightningModule saves (runnerckpt.py, lighthparams.py)."""

from __future__ import annotations

import ast
import tempfile
import textwrap
from pathlib import Path

from torchpatch.validators.checker import check_paths
from torchpatch.validators.checker.lighthparams import (checkpoint_keys_set, object_hyperparameters,
                                                        saves_hyperparameters)
from torchpatch.validators.checker.lightningversion import (lightning_floor, names_recent_lightning_package,
                                                             pinned_early_lightning)
from torchpatch.validators.checker.runnerckpt import (reads_deepspeed_optimizer, reads_runner_checkpoint,
                                                      trains_with_runner)


def test_runner_found_by_import_or_build_not_by_config_use():
    assert trains_with_runner("from mmengine.runner import Runner, load_checkpoint\n")
    assert trains_with_runner("runner = Runner.from_cfg(cfg)\n")
    assert not trains_with_runner("from mmengine.config import Config\nfrom mmengine.runner import load_checkpoint\n")
    assert not trains_with_runner("# from mmengine.runner import Runner (not used)\nclass Runner: ...\n")


def test_runner_checkpoint_read_by_message_hub_or_by_publishing():
    assert "HistoryBuffer" in reads_runner_checkpoint(frozenset({"message_hub"}), publishes=False)
    assert "strips keys" in reads_runner_checkpoint(frozenset(), publishes=True)
    assert reads_runner_checkpoint(frozenset({"state_dict"}), publishes=False) is None
    assert reads_runner_checkpoint(frozenset({"model"}), publishes=True) is None  # no Runner key


def test_deepspeed_optimizer_layout_only():
    assert "fragment_address" in reads_deepspeed_optimizer(frozenset({"optimizer_state_dict"}))
    assert reads_deepspeed_optimizer(frozenset({"optimizer_state_dict", "model_state_dict"})) is None
    assert reads_deepspeed_optimizer(frozenset({"ds_version"})) is None


def _tree(code: str) -> ast.AST:
    return ast.parse(textwrap.dedent(code))


def test_hyperparameters_from_init_parameters():
    config = _tree("""
        class Wrapper(pl.LightningModule):
            def __init__(self, config, lr=0.1):
                super().__init__()
                self.save_hyperparameters()
    """)
    what, certain = object_hyperparameters(config)
    assert "Wrapper.__init__ saves 'config'" in what and certain is False  # an object only with a config library
    annotated = _tree("""
        class Wrapper(pl.LightningModule):
            def __init__(self, cfg: DictConfig, lr: float = 0.1):
                super().__init__()
                self.save_hyperparameters(cfg)
    """)
    assert object_hyperparameters(annotated)[1] is True
    ignored = _tree("""
        class Wrapper(pl.LightningModule):
            def __init__(self, config, lr=0.1):
                super().__init__()
                self.save_hyperparameters(ignore=["config"])
    """)
    assert object_hyperparameters(ignored) is None
    numbers = _tree("""
        class Wrapper(pl.LightningModule):
            def __init__(self, lr: float = 0.1, hidden: int = 8):
                super().__init__()
                self.save_hyperparameters("lr")
    """)
    assert object_hyperparameters(numbers) is None


def test_hyperparameters_given_only_where_a_parameter_is_kept():
    init = ("class Module(pl.LightningModule):\n    def __init__(self, net, optimizer=None, lr=0.1{extra}):\n"
            "        super().__init__()\n        self.save_hyperparameters({call})\n")
    # every parameter ignored (mattergen's module): nothing reaches hyper_parameters
    assert not saves_hyperparameters(init.format(extra="", call='ignore=("net", "optimizer", "lr")'))
    assert saves_hyperparameters(init.format(extra="", call='ignore=("net", "optimizer")'))
    assert saves_hyperparameters(init.format(extra=", **kwargs", call='ignore=("net", "optimizer", "lr")'))
    assert saves_hyperparameters(init.format(extra="", call="ignore=IGNORED"))
    assert saves_hyperparameters(init.format(extra="", call="config"))
    assert saves_hyperparameters("def setup(self, config):\n    self.save_hyperparameters()\n")
    assert saves_hyperparameters("class M:\n    def __init__(self, hparams):\n        self.hparams = hparams\n")
    assert not saves_hyperparameters("import pytorch_lightning as pl\n")


def test_lightning_packages_of_recent_releases():
    assert names_recent_lightning_package("from pytorch_lightning.cli import LightningCLI\n")
    assert names_recent_lightning_package("from pytorch_lightning.strategies import DDPStrategy\n")
    assert not names_recent_lightning_package("from pytorch_lightning.utilities.cli import LightningCLI\n")


def test_keys_set_by_on_save_checkpoint():
    tree = _tree("""
        class Wrapper:
            def on_save_checkpoint(self, checkpoint):
                checkpoint["ema"] = self.ema.state_dict()
                checkpoint["extra"]["x"] = 1
                other["not_this"] = 2
    """)
    assert checkpoint_keys_set(tree) == {"ema"}


def test_early_lightning_pins_only():
    assert pinned_early_lightning_text("pytorch_lightning==0.5.2\n")
    assert pinned_early_lightning_text("torch\npytorch-lightning == 0.6.0\n")
    assert not pinned_early_lightning_text("pytorch_lightning==0.7.6\n")
    assert not pinned_early_lightning_text("pytorch_lightning>=0.5.2\n")
    assert not pinned_early_lightning_text("pytorch_lightning==0.5.2\nlightning\n")  # another mention, unpinned
    assert not pinned_early_lightning_text("torch\n")


def test_pins_before_callback_classes_need_no_hyperparameters():
    """Lightning 0.8 and 0.9 keep their callbacks' states as plain entries but model.hparams itself (an AttributeDict)
    when the module has hyper-parameters: a 0.9.0 pin writes plain checkpoints only where no module sets them."""
    assert pinned_early_lightning_text("pytorch-lightning==0.9.0\n", before=10)
    assert not pinned_early_lightning_text("pytorch-lightning==0.10.0\n", before=10)


def test_lightning_09_pin_without_hyperparameters(tmp_path):
    """Im2Vec: requirements.txt pins pytorch-lightning 0.9.0 and no module has hyper-parameters: its own .ckpt loads
    read plain data; once the module keeps self.hparams, they may hold an AttributeDict."""
    tree = tmp_path / "im2vec"
    tree.mkdir()
    (tree / "requirements.txt").write_text("pytorch-lightning==0.9.0\n")
    module = ("import pytorch_lightning as pl\nimport torch\n\n\n"
              "class VectorVAE(pl.LightningModule):\n"
              "    def __init__(self, params):\n"
              "        super().__init__()\n"
              "        self.params = params\n\n\n"
              "def run(model, path):\n"
              "    pl.Trainer().fit(model)\n"
              "    weights = torch.load(path + '/checkpoints/last.ckpt')\n"
              "    model.load_state_dict(weights['state_dict'])\n")
    (tree / "run.py").write_text(module)
    assert [f.rule for f in check_paths([tree], "2.15").findings] == []
    (tree / "run.py").write_text(module.replace("self.params = params", "self.hparams = params"))
    assert [f.rule for f in check_paths([tree], "2.15").findings] == ["torch-load-lightning-checkpoint"]


def pinned_early_lightning_text(requirements: str, before: int = 7) -> bool:
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "requirements.txt").write_text(requirements)
        return pinned_early_lightning(folder, before)


def test_requirements_of_a_tree_without_a_marker_are_read(tmp_path):
    """TeMP: no pyproject/setup file, requirements.txt pins pytorch_lightning 0.5.2: its own checkpoints are plain."""
    tree = tmp_path / "temp-kg"
    (tree / "models").mkdir(parents=True)
    (tree / "requirements.txt").write_text("pytorch_lightning==0.5.2\n")
    (tree / "main.py").write_text(
        "import pytorch_lightning as pl\nimport torch\nfrom pytorch_lightning.callbacks import ModelCheckpoint\n\n\n"
        "def main(model, path):\n"
        "    trainer = pl.Trainer(checkpoint_callback=ModelCheckpoint(filepath=path, monitor='mrr'))\n"
        "    trainer.fit(model)\n")
    (tree / "models" / "aggregator.py").write_text(
        "import glob\n\nimport torch\n\n\n"
        "def restore(model, path):\n"
        "    checkpoint = torch.load(glob.glob(path + '/checkpoints/*.ckpt')[0])\n"
        "    model.load_state_dict(checkpoint['state_dict'])\n")
    assert [f.rule for f in check_paths([tree], "2.15").findings] == []
    (tree / "requirements.txt").write_text("pytorch_lightning>=1.4\n")
    assert [f.rule for f in check_paths([tree], "2.15").findings] == ["torch-load-lightning-checkpoint"]


def test_lightning_floor_of_bounded_and_bare_mentions():
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "pyproject.toml").write_text(
            '[project]\ndependencies = ["pytorch-lightning >= 1.8"]\n'
            '[project.optional-dependencies]\ndev = ["pytorch-lightning"]\n')
        assert lightning_floor(folder) == (1, 8)  # the extra repeats the dependency: the bound holds
        Path(folder, "requirements.txt").write_text("pytorch-lightning\n")
        assert lightning_floor(folder) is None  # installed from requirements.txt alone: any release


def test_a_conda_pin_with_one_equals_sign_is_a_floor(tmp_path):
    (tmp_path / "environment.yml").write_text("dependencies:\n  - python=3.10\n  - pytorch-lightning=2.1.0\n")
    assert lightning_floor(str(tmp_path)) == (2, 1)


def test_sources_in_src_read_the_lightning_pin_one_folder_up(tmp_path):
    """A tree with no project marker keeps its code in src/ and its requirements.txt beside src/: a pin of 1.5 or
    later there makes its own checkpoints plain (RSTParser_EMNLP22, pytorch-lightning == 1.6.3)."""
    code = textwrap.dedent("""
        import pytorch_lightning as pl
        import torch
        from pytorch_lightning.callbacks import ModelCheckpoint


        class Parser(pl.LightningModule):
            def __init__(self, hidden=256):
                super().__init__()
                self.save_hyperparameters()


        def train(save_dir):
            pl.Trainer(callbacks=[ModelCheckpoint(dirpath=save_dir)]).fit(Parser())


        def parse(ckpt_path):
            ckpt = torch.load(ckpt_path)
            return Parser(**ckpt["hyper_parameters"])
    """)
    for name, requirement, expected in (("pinned", "pytorch-lightning == 1.6.3\n", []),
                                        ("unpinned", "pytorch-lightning\n", [18])):
        (tmp_path / name / "src").mkdir(parents=True)
        (tmp_path / name / "requirements.txt").write_text(requirement)
        (tmp_path / name / "src" / "parse.py").write_text(code)
        found = [f.line for f in check_paths([tmp_path / name], "2.15").findings
                 if f.rule == "torch-load-lightning-checkpoint"]
        assert found == expected, name


def test_weights_only_checkpoint_callbacks_write_plain_checkpoints_in_any_release(tmp_path):
    """ICON (round 60): every ModelCheckpoint passes save_weights_only=True and no module saves hyper-parameters, so
    the run's own .ckpt files hold epoch, step, version and the state dict, whatever release wrote them."""
    tree = tmp_path / "icon"
    tree.mkdir()
    (tree / "requirements.txt").write_text("pytorch_lightning\n")
    train = ("import pytorch_lightning as pl\nimport torch\nfrom pytorch_lightning.callbacks import ModelCheckpoint\n\n\n"
             "def main(model, cfg):\n"
             "    saver = ModelCheckpoint(dirpath=cfg.ckpt_dir, save_weights_only=True, monitor='val/loss')\n"
             "    trainer = pl.Trainer(callbacks=[saver])\n"
             "    if cfg.resume_path.endswith('.ckpt'):\n"
             "        model.load_state_dict(torch.load(cfg.resume_path)['state_dict'])\n"
             "    trainer.fit(model)\n")
    (tree / "train.py").write_text(train)
    assert [f.rule for f in check_paths([tree], "2.15").findings] == []
    (tree / "train.py").write_text(train + "    trainer.save_checkpoint(cfg.ckpt_dir + '/last.ckpt')\n")
    assert [f.rule for f in check_paths([tree], "2.15").findings] == ["torch-load-lightning-checkpoint"]
