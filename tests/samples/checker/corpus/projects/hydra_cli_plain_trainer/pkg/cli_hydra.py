# seen in: FAIR-Chem/fairchem _cli_hydra.py (a newer hydra entry point beside the trainer's own yaml-dict config)
import hydra
from omegaconf import DictConfig


@hydra.main(version_base=None, config_path=".", config_name="config")
def main(cfg: DictConfig) -> None:
    hydra.utils.instantiate(cfg.runner).run()
