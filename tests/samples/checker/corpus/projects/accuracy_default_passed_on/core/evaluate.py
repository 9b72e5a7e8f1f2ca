# seen in: round 57's mdeq (lib/core/cls_evaluate.py): the ImageNet accuracy helper, its topk defaulting to (1,)
import torch


def accuracy(output, target, topk=(1,)):
    with torch.no_grad():
        _, pred = output.topk(max(topk), 1, True, True)
        pred = pred.t()
        hits = pred.eq(target.view(1, -1).expand_as(pred))
        res = []
        for k in topk:
            hits_k = hits[:k].view(-1).float().sum(0, keepdim=True)  # finding: topk-accuracy-view
            res.append(hits_k.mul_(100.0 / target.size(0)))
        return res
