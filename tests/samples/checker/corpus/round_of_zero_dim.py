# seen in: InferSent-style NLI training (copied into T2F) that counts hits with correct += pred.eq(t).sum() and
# prints round(100 * correct / n, 2): a Python int before 0.4, a 0-dim tensor since, and a tensor has no __round__.
# The count read with .item(), and round() of a plain float, are fine.
import torch


def evaluate(batches, model):
    correct = 0.
    seen = 0
    for k, (x, t) in enumerate(batches):
        pred = model(x).argmax(1)
        correct += pred.long().eq(t.long()).cpu().sum()
        seen += len(t)
        if k % 100 == 0:
            print(round(100. * correct / (seen + k), 2))  # finding: round-of-tensor
    accuracy = round(100 * correct / seen, 2)  # finding: round-of-tensor
    return accuracy, round(100 * correct.item() / seen, 2), round(seen / 3, 1)


def mean_loss(losses):
    total = torch.stack(losses).mean()
    return round(total, 4)  # finding: round-of-tensor


def numpy_mean(segmentation, plane):
    # NumPy's nonzero() and mean(): a numpy.float64, which round() takes
    ys, xs = (segmentation == plane).nonzero()
    return int(round(xs.mean())), round((ys == 0).sum() / len(ys), 3)


def batchnorm_report(bn_layers):
    # round 59's precise-BN logging: through .numpy() the max is a NumPy scalar, which round() takes
    means = [round(bn.running_mean.cpu().numpy().max(), 4) for bn in bn_layers]
    spreads = [round(bn.running_var.cpu().max(), 4) for bn in bn_layers]  # finding: round-of-tensor
    return means, spreads
