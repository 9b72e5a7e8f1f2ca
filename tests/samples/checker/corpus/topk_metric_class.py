# seen in: a fine-grained classification trainer whose top-k metric class keeps the constructor's topk and walks it
# with enumerate; the script builds it with topk=(1, 5), so correct[:5].view(-1) meets the transposed layout
import numpy as np
import torch


class TopKAccuracyMetric:
    def __init__(self, topk=(1,)):
        self.topk = topk
        self.maxk = max(topk)
        self.corrects = np.zeros(len(topk))

    def __call__(self, output, target):
        _, pred = output.topk(self.maxk, 1, True, True)
        pred = pred.t()
        correct = pred.eq(target.view(1, -1).expand_as(pred))
        for i, k in enumerate(self.topk):
            correct_k = correct[:k].view(-1).float().sum(0)  # finding: topk-accuracy-view
            self.corrects[i] += correct_k.item()
        return self.corrects


class TopOneMetric:
    def __init__(self, topk=(1,)):
        self.topk = topk

    def __call__(self, output, target):
        _, pred = output.topk(max(self.topk), 1, True, True)
        pred = pred.t()
        correct = pred.eq(target.view(1, -1).expand_as(pred))
        return [correct[:k].view(-1).float().sum(0) for i, k in enumerate(self.topk)]


raw_metric = TopKAccuracyMetric(topk=(1, 5))
top_one = TopOneMetric()
print(raw_metric(torch.randn(8, 10), torch.randint(0, 10, (8,))), top_one)
