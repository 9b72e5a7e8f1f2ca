# expect: removed-and-legacy-calls#top-k-accuracy-correctkview-1
import torch

logits, labels = torch.randn(4, 10), torch.randint(0, 10, (4,))
_, pred = logits.topk(5, 1, True, True)
pred = pred.t()
correct = pred.eq(labels.view(1, -1).expand_as(pred))
top5 = correct[:5].view(-1).float().sum(0)
