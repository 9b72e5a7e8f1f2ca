# seen in: a registration benchmark that keeps one copy of a GAN-style baseline per dataset folder; this copy's
# base class binds self.Tensor to the deprecated CUDA constructor whenever GPUs are configured
import torch


class BaseModel:
    def initialize(self, opt):
        self.gpu_ids = opt.gpu_ids
        self.Tensor = torch.cuda.FloatTensor if self.gpu_ids else torch.Tensor
