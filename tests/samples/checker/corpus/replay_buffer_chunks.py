# seen in: a pixel-based RL repo (curl) whose replay buffer writes numpy slices in chunks to a folder and reads every
# chunk of that folder back: save(self, save_dir) and load(self, save_dir) share only the folder parameter
import os

import numpy as np
import torch


class ReplayBuffer:
    def __init__(self, capacity, obs_shape):
        self.obses = np.empty((capacity, *obs_shape), dtype=np.uint8)
        self.rewards = np.empty((capacity, 1), dtype=np.float32)
        self.idx = 0
        self.last_save = 0

    def save(self, save_dir):
        path = os.path.join(save_dir, "%d_%d.pt" % (self.last_save, self.idx))
        payload = [self.obses[self.last_save:self.idx], self.rewards[self.last_save:self.idx]]
        self.last_save = self.idx
        torch.save(payload, path)

    def load(self, save_dir):
        for chunk in sorted(os.listdir(save_dir)):
            start, end = [int(x) for x in chunk.split(".")[0].split("_")]
            payload = torch.load(os.path.join(save_dir, chunk))  # finding: torch-load-saved-objects
            self.obses[start:end] = payload[0]
            self.rewards[start:end] = payload[1]
            self.idx = end

    def save_stats(self, stats_dir):
        torch.save({"rewards": torch.as_tensor(self.rewards)}, os.path.join(stats_dir, "stats.pt"))
