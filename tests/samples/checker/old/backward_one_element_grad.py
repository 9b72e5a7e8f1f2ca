# expect: removed-and-legacy-calls#a-0-dim-loss-given-a-one-element-gradient-lossbackwardone
import torch

w = torch.ones(3, requires_grad=True)
one = torch.FloatTensor([1])
mone = one * -1
critic = (w * 2).mean()
critic.backward(mone)
