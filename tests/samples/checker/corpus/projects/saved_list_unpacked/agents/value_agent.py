import torch

from filters.running import RunningMeanStd


class ValueAgent:
    def __init__(self, actor, obs_size, save_dir, save_path):
        self.actor = actor
        self.save_path = save_path
        self.obs_stats = RunningMeanStd((obs_size,))
        self.save_dir = save_dir

    def checkpoint(self):
        # numpy arrays the statistics class keeps, next to the weights
        torch.save((self.actor.state_dict(), self.obs_stats.mean, self.obs_stats.var, self.obs_stats.count),
                   self.save_path)

    def export(self):
        # a plain pair: the weights and a label string
        torch.save([self.actor.state_dict(), self.obs_stats.label], self.save_dir + "/export.pt")
