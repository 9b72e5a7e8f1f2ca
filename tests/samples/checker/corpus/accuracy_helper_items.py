# seen in: projects whose copy of the ImageNet example's accuracy() sums without keepdim (correct[:k].view(-1).float().sum(0), a 0-dim
# tensor for each k since 0.4) and read it with prec1[0]; the copies that sum with keepdim=True keep one element
import torch


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    batch_size = target.size(0)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].view(-1).float().sum(0)  # finding: topk-accuracy-view
        res.append(correct_k.mul_(100.0 / batch_size))
    return res


def kept_accuracy(output, target, topk=(1,)):
    batch_size = target.size(0)
    _, pred = output.topk(max(topk), 1, True, True)
    correct = pred.t().eq(target.view(1, -1).expand_as(pred.t()))
    res = []
    for k in topk:
        correct_k = correct[:k].reshape(-1).float().sum(0, keepdim=True)
        res.append(correct_k.mul_(100.0 / batch_size))
    return res


def validate(model, loader, top1, top5):
    for images, target in loader:
        output = model(images)
        prec1, prec5 = accuracy(output.data, target, topk=(1, 5))
        top1.update(prec1[0], images.size(0))  # finding: loss-data-index
        top5.update(prec5[0], images.size(0))  # finding: loss-data-index
        single = accuracy(output.data, target)[0]
        print(single[0])  # finding: loss-data-index
        record = {"prec1": accuracy(output.data, target, topk=(1,))[0][0]}  # finding: loss-data-index
        record["kept"] = kept_accuracy(output.data, target)[0][0]
        kept1, kept5 = kept_accuracy(output.data, target, topk=(1, 5))
        top1.update(kept1[0], images.size(0))
        rows = output[0]
        print(rows[0])


def hashing_step(codes, target):
    # a hashing trainer sums its loss as a float first (similarity_loss.float().data[0]): the cast keeps the 0 dims
    similarity_loss = torch.nn.functional.mse_loss(codes, target)
    return similarity_loss.float().data[0]  # finding: loss-data-index


def capsule_test(model, data, output, target):
    # a capsule network's test loop asks its own loss for per-sample values (size_average=False skips its mean):
    # [0] reads the first sample's loss; the training loop's default call is the mean
    t_loss, m_loss, r_loss = model.loss(data, output, target, size_average=False)
    first = t_loss.data[0]
    mean_loss, _, _ = model.loss(data, output, target)
    return first, mean_loss.data[0]  # finding: loss-data-index
