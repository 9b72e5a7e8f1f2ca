# expect: migrations-and-security#optimizer-parameters-given-as-a-set-warn
import torch

model = torch.nn.Linear(2, 2)
optimizer = torch.optim.SGD(set(model.parameters()), lr=0.1)
