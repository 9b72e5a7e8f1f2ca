# seen in: OpenNMT-py's translate/beam.py (copied into Alex-Fabbri/Multi-News twice): the beam keeps
# `self.tt = torch.cuda if cuda else torch` and builds its tensors with self.tt.FloatTensor(size)
import torch


class Beam:
    def __init__(self, size, cuda=False):
        self.tt = torch.cuda if cuda else torch
        self.scores = self.tt.FloatTensor(size).zero_()  # finding: cuda-dtype-tensor-constructor
        self.prev_ks = []
        self.next_ys = [self.tt.LongTensor(size).fill_(0)]  # finding: cuda-dtype-tensor-constructor
        self.done = self.tt.zeros(size)  # torch.zeros on one branch; torch.cuda has no zeros, nothing is said


# seen in: commit-autosuggestions' copy of the CodeBERT beam, which picks the module with an if/else instead
class BranchBeam:
    def __init__(self, size, device):
        if device == "cuda":
            self.tt = torch.cuda
        else:
            self.tt = torch
        self.scores = self.tt.FloatTensor(size).zero_()  # finding: cuda-dtype-tensor-constructor
        self.done = self.tt.zeros(size)
