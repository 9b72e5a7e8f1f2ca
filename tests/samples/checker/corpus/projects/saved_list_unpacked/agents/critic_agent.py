import torch

from filters.running import RunningMeanStd


class CriticAgent:
    def __init__(self, critic, obs_size):
        self.critic = critic
        self.stats = RunningMeanStd((obs_size,))

    def checkpoint(self, path):
        torch.save({"critic": self.critic.state_dict(), "obs_mean": self.stats.mean, "seen": self.stats.count}, path)

    def summary(self, path):
        torch.save({"critic_weights": self.critic.state_dict(), "obs_label": self.stats.label}, path)
