# the other dataset's copy of the base class: its self.Tensor is the plain CPU constructor
import torch


class BaseModel:
    def initialize(self, opt):
        self.gpu_ids = opt.gpu_ids
        self.Tensor = torch.Tensor
