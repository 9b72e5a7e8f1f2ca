# expect: removed-and-legacy-calls#a-typed-constructor-given-a-tensor-of-another-dtype-torchbytetensorx--05
import torch

scores = torch.rand(8)
keep = torch.ByteTensor(scores.cpu() > 0.5)
