# expect: removed-and-legacy-calls#multinomial-without-num_samples
import torch

probs = torch.softmax(torch.randn(1, 4), dim=1)
action = probs.multinomial()
