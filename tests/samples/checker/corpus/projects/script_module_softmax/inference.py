# seen in: a localization project's inference scripts, which build `temp_softmax = nn.Softmax()` at the top level and
# never call it (no warning: only a forward warns); a layer built at the top of a module that another file imports
# and calls still counts
import torch
import torch.nn as nn

temp_softmax = nn.Softmax()
shared_softmax = nn.Softmax()  # finding: softmax-module-without-dim

scores = torch.randn(2, 5)
print(scores.argmax(1))
