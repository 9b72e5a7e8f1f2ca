# the subclass imports its own folder's base class: self.Tensor(...) is torch.cuda.FloatTensor(...) when GPUs are
# set, which warns "The torch.cuda.*DtypeTensor constructors are no longer recommended" on 2.15
import torch

from .base_model import BaseModel


class CycleModel(BaseModel):
    def initialize(self, opt):
        BaseModel.initialize(self, opt)
        self.criterion = torch.nn.L1Loss()
        self.input_A = self.Tensor(opt.batch_size, 1, opt.size, opt.size)  # finding: cuda-dtype-tensor-constructor
        self.input_B = self.Tensor(opt.batch_size, 1, opt.size, opt.size)  # finding: cuda-dtype-tensor-constructor
