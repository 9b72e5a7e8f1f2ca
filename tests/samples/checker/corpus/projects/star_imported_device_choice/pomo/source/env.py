import numpy as np

from torch_objects import *


class Env:
    def reset(self, batch):
        self.xy = Tensor(batch)  # finding: cuda-dtype-tensor-constructor
        self.selected = LongTensor(np.zeros((len(batch), 0)))  # finding: cuda-dtype-tensor-constructor
        self.done = BoolTensor(np.zeros(len(batch)))
        self.weights = DoubleTensor(np.ones(len(batch)))
        return self.xy
