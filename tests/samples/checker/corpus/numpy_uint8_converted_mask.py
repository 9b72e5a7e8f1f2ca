# seen in: a mutual-information estimator that starts a shortcut layer as a noisy identity: the eye mask is a NumPy
# uint8 array, turned into a tensor that keeps the dtype, so masked_fill_ refuses it
import numpy as np
import torch
from torch import nn


class Shortcut(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.linear = nn.Linear(n_in, n_out, bias=False)
        eye_mask = np.zeros((n_out, n_in), dtype=np.uint8)
        for i in range(n_in):
            eye_mask[i, i] = 1
        self.linear.weight.data.uniform_(-0.01, 0.01)
        self.linear.weight.data.masked_fill_(torch.tensor(eye_mask), 1.)  # finding: uint8-mask-fill
        picked = torch.from_numpy(np.ones(n_in, dtype="uint8"))
        self.kept = self.linear.weight[0][picked]  # finding: uint8-mask-condition
        flags = np.zeros(n_in, dtype=np.uint8)
        self.flag_sum = int(flags[flags > 0].sum())
        as_bool = torch.from_numpy(np.ones(n_in, dtype=np.bool_))
        self.bool_kept = self.linear.weight[0][as_bool]


# seen in: steerable-CNN basis code (2019) that keeps a ByteTensor mask on purpose for torch < 1.2, converting the
# NumPy mask in two steps through one name
def keep_nonzero(mask, values):
    mask = mask.astype(np.uint8)
    mask = torch.tensor(mask)
    full = torch.zeros_like(mask)
    full[mask] = values  # finding: uint8-mask-fill
    return full
