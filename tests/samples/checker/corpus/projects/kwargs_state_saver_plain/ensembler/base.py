# Plain keywords only (box_key="boxes"): the saved **kwargs holds no object, no finding.
# (super().save_state(overlap_map=self.overlap_map)) is in the file too.
from pathlib import Path

import torch


class BaseEnsembler:
    ID = "abstract"

    def __init__(self, properties, parameters):
        self.properties = properties
        self.parameters = parameters
        self.case_result = None

    def save_state(self, target_dir, name, **kwargs):
        kwargs["properties"] = self.properties
        kwargs["parameters"] = self.parameters
        kwargs["case_result"] = self.case_result
        with open(Path(target_dir) / f"{name}_{self.ID}.pt", "wb") as f:
            torch.save(kwargs, f)

    @classmethod
    def from_checkpoint(cls, base_dir, case_id):
        ckp = torch.load(str(Path(base_dir) / f"{case_id}_{cls.ID}.pt"))
        return cls(properties=ckp["properties"], parameters=ckp["parameters"])


class OverlapMap:
    def __init__(self, shape):
        self.overlap_map = torch.zeros(*shape)

    def avg(self):
        return self.overlap_map.float().mean().item()
