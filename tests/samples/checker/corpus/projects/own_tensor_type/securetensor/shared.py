# seen in: secure-computation tensor types (CrypTen's MPCTensor) whose gt/eq/ne return the project's own
# arithmetic-shared tensor of 0/1 values, so `1 - x.gt(0)` is the type's __rsub__, not a torch bool subtraction
import torch


class SharedTensor(object):
    def __init__(self, share):
        self.share = share

    def __rsub__(self, other):
        return SharedTensor(other - self.share)

    def gt(self, y):
        return SharedTensor((self.share > y).long())

    def eq(self, y):
        return SharedTensor((self.share == y).long())

    def ne(self, y):
        return 1 - self.eq(y)

    def stack(self, others):
        return SharedTensor(torch.stack([self.share] + [o.share for o in others]))


def relu6_mask(x):
    intermediate = x.stack([6 - x]).gt(0)
    return 1 - intermediate


def torch_mask(labels):
    valid = torch.as_tensor(labels).gt(0)
    return 1 - valid  # finding: bool-mask-subtraction
