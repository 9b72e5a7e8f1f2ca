# seen in: habitat_baselines trainers and the projects built on them (sound-spaces, habitat-lab): every checkpoint
# keeps the run's habitat Config (a yacs CfgNode subclass, an omegaconf DictConfig from habitat-lab 0.3) whole
import os

import torch
from habitat import Config, logger


class PPOTrainer:
    def __init__(self, config: Config, agent):
        self.config = config
        self.agent = agent

    def save_checkpoint(self, file_name):
        checkpoint = {"state_dict": self.agent.state_dict(), "config": self.config}
        torch.save(checkpoint, os.path.join(self.config.CHECKPOINT_FOLDER, file_name))
        logger.info("saved %s", file_name)
