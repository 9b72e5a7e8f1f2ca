# an absolute import, as a script run from brain/ resolves it: brain/models/base_model.py
import torch

from models.base_model import BaseModel


class SegModel(BaseModel):
    def initialize(self, opt):
        BaseModel.initialize(self, opt)
        self.criterion = torch.nn.L1Loss()
        self.mask = self.Tensor(opt.batch_size, 1, opt.size, opt.size)  # finding: cuda-dtype-tensor-constructor
