# expect: removed-and-legacy-calls#keywords-the-target-build-does-not-accept
# Keywords of 0.3-era code that the 2.15 signatures no longer have: each raises TypeError.
import torch

t = torch.arange(6.0, requires_grad=True)
halves = torch.split(t, split_size=3)
loss = (t * t).sum()
loss.backward(retain_variables=True)
