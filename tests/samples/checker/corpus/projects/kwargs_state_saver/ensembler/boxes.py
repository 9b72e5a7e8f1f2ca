from pathlib import Path

import torch

from ensembler.base import BaseEnsembler, OverlapMap


class BoxEnsembler(BaseEnsembler):
    ID = "boxes"

    def __init__(self, properties, parameters):
        super().__init__(properties, parameters)
        self.overlap_map = OverlapMap(tuple(properties["shape"]))

    def save_state(self, target_dir, name, **kwargs):
        super().save_state(target_dir=target_dir, name=name, box_key="boxes", overlap_map=self.overlap_map, **kwargs)

    @classmethod
    def from_checkpoint(cls, base_dir, case_id):
        ckp = torch.load(str(Path(base_dir) / f"{case_id}_{cls.ID}.pt"))  # finding: torch-load-saved-in-project
        ensembler = cls(properties=ckp["properties"], parameters=ckp["parameters"])
        ensembler.box_key = ckp["box_key"]
        return ensembler
