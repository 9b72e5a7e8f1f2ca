# seen in: microsoft/ClimaX (round 19): no requirement file at the root pins Lightning, but the trainer imports
# pytorch_lightning.cli, first released in 1.7 (string-keyed callback states), and the module keeps numbers and
# strings as hyper-parameters: its checkpoints hold plain data, so loading them is no finding.
import torch
from pytorch_lightning import LightningModule


class ForecastModule(LightningModule):
    def __init__(self, net: torch.nn.Module, pretrained_path: str = "", lr: float = 5e-4, warmup_epochs: int = 10):
        super().__init__()
        self.save_hyperparameters(logger=False, ignore=["net"])
        self.net = net
        if pretrained_path:
            self.load_pretrained(pretrained_path)

    def load_pretrained(self, path):
        checkpoint = torch.load(path, map_location="cpu")
        self.net.load_state_dict(checkpoint["state_dict"], strict=False)
