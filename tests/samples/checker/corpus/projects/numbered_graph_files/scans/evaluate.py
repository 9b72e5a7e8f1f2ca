# seen in: the same package's test-set reader and an evaluation script that read the fragment files by the
# writer's template, spelled another way ("%06d" or an f-string)
import os.path as osp

import torch


class FragmentTestSet:
    def __init__(self, root):
        self.root = root

    def __getitem__(self, index):
        return torch.load(osp.join(self.root, "fragment_%06d.pt" % index))  # finding: torch-load-saved-in-project

    def coordinates(self, index):
        return torch.load(osp.join(self.root, "coords_{:04d}.pt".format(index)))  # plain tensors

    def state(self, step):
        return torch.load(f"{self.root}/state_{step}.pt")  # saved plain by one script, whole by another
