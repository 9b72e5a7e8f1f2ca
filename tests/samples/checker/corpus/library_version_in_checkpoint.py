# seen in: a diffusion-prior trainer whose save keeps packaging's Version of the package next to the state dicts
# (``version=version.parse(__version__)``: "Unsupported global: GLOBAL packaging.version.Version" under
# weights_only=True on torch 2.15), built with dict(..., **kwargs) and extended with {**save_obj, ...}; its load
# method reads the same path parameter back through Path()/str() conversions
from pathlib import Path

import torch
from packaging import version

__version__ = "1.2.0"


class PriorTrainer:
    def save(self, path, **kwargs):
        path = Path(path)
        save_obj = dict(
            model=self.model.state_dict(),
            optimizer=self.optimizer.state_dict(),
            version=version.parse(__version__),
            **kwargs,
        )
        if self.use_ema:
            save_obj = {**save_obj, "ema": self.ema.state_dict()}
        torch.save(save_obj, str(path))

    def load(self, path_or_state):
        if isinstance(path_or_state, str):
            path = Path(path_or_state)
            loaded = torch.load(str(path), map_location="cpu")  # finding: torch-load-saved-objects
        else:
            loaded = path_or_state
        if version.parse(__version__) != loaded["version"]:
            print("checkpoint from another release")
        self.model.load_state_dict(loaded["model"])
        return loaded


class PlainTrainer:
    # the version kept as a string, and compared as a Version only after the load: plain data
    def save(self, path):
        torch.save(dict(weights=self.model.state_dict(), release=str(version.parse(__version__))), str(Path(path)))

    def load(self, path):
        loaded = torch.load(str(Path(path)), map_location="cpu")
        if version.parse(loaded["release"]) < version.parse("1.0"):
            print("old checkpoint")
        self.model.load_state_dict(loaded["weights"])
