# seen in: summarisation batch builders that invert padding masks with 1 - (x == pad), written for torch < 1.2
import torch


class Batch(object):
    def _pad(self, data, pad_id):
        width = max(len(d) for d in data)
        return [d + [pad_id] * (width - len(d)) for d in data]

    def __init__(self, data, device=None):
        src = torch.tensor(self._pad([x[0] for x in data], 0))
        clss = torch.tensor(self._pad([x[1] for x in data], -1)).to(device)
        mask_src = 1 - (src == 0)  # finding: bool-mask-subtraction
        mask_cls = 1 - (clss == -1)  # finding: bool-mask-subtraction
        valid = src != 0
        self.weights = 1 - valid  # finding: bool-mask-subtraction
        self.src, self.mask_src, self.mask_cls = src, mask_src, mask_cls
        self.kept = 1 - (src == 0).long()


def step_weight(step, total):
    # plain numbers: 1 - True is 0, no tensor
    return 1 - (step == total)


def length_weight(lengths, limit):
    lengths = [len(x) for x in lengths]
    return 1 - (len(lengths) > limit), 1 - (lengths == None)


def sign(x):
    x = torch.as_tensor(x).float()
    return (x > 0).float() - (x < 0).float()
