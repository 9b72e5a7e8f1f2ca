# seen in: an image-captioning decoder (numpy bool array turned uint8, then used with a column index) and a CTR
# library's inner-product layer (a uint8 triangle mask kept as a frozen nn.Parameter)
import numpy as np
import torch
from torch import nn


def block_bad_endings(logprobs, seq, bad_ix):
    tmp = logprobs.new_zeros(logprobs.size())
    prev_bad = np.isin(seq.cpu().numpy(), bad_ix)
    tmp[torch.from_numpy(prev_bad.astype("uint8")), 0] = float("-inf")  # finding: uint8-mask-fill
    tmp[torch.from_numpy(prev_bad.astype(bool)), 0] = float("-inf")
    tmp[torch.from_numpy(prev_bad.astype(np.uint8)).bool(), 0] = float("-inf")
    pixels = torch.from_numpy(prev_bad.astype("uint8"))  # uint8 data, never a mask
    return logprobs + tmp, pixels.float().mean()


class InnerProduct(nn.Module):
    def __init__(self, num_fields):
        super().__init__()
        self.mask = nn.Parameter(torch.triu(torch.ones(num_fields, num_fields), 1).type(torch.ByteTensor),
                                 requires_grad=False)
        self.bool_mask = nn.Parameter(torch.triu(torch.ones(num_fields, num_fields), 1).bool(), requires_grad=False)

    def forward(self, emb):
        products = torch.bmm(emb, emb.transpose(1, 2))
        kept = torch.masked_select(products, self.bool_mask)
        return torch.masked_select(products, self.mask), kept  # finding: uint8-mask-fill
