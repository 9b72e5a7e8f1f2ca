# the absolute import from knee/ finds knee/models/base_model.py: quiet
import torch

from models.base_model import BaseModel


class SegModel(BaseModel):
    def initialize(self, opt):
        BaseModel.initialize(self, opt)
        self.criterion = torch.nn.L1Loss()
        self.mask = self.Tensor(opt.batch_size, 1, opt.size, opt.size)
