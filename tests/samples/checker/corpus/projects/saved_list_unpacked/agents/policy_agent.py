import torch

from filters.running import Clipper


class PolicyAgent:
    def __init__(self, net, obs_size, save_dir):
        self.net = net
        self.clipper = Clipper((obs_size,))
        self.save_dir = save_dir

    def checkpoint(self):
        # the weights beside the project's own filter object
        torch.save([self.net.state_dict(), self.clipper], self.save_dir + "/agent.pt")
