# seen in: text-classification trainers (dreamgonfly's) that collect each batch's loss.data and an accuracy method's
# sum in lists and torch.cat them at the end of the epoch: 1-element vectors before 0.4, 0-dim tensors since, which
# cat refuses. torch.stack takes them, and so does a list of .item() numbers summed in Python.
import torch


class Trainer:
    def __init__(self, model, criterion, loader):
        self.model, self.criterion, self.loader = model, criterion, loader

    def epoch(self):
        self.batch_losses = []
        self.batch_metrics = []
        for inputs, targets in self.loader:
            outputs = self.model(inputs)
            batch_loss = self.criterion(outputs, targets)
            batch_metric = self.accuracy(outputs, targets)
            self.batch_losses.append(batch_loss.data)
            self.batch_metrics.append(batch_metric.data)
        epoch_loss = torch.cat(self.batch_losses).sum()  # finding: cat-of-zero-dim-values
        epoch_metric = torch.cat(self.batch_metrics).sum()  # finding: cat-of-zero-dim-values
        return epoch_loss, epoch_metric, torch.stack(self.batch_losses).mean()

    def accuracy(self, outputs, labels):
        corrects = outputs.argmax(1) == labels
        n_corrects = corrects.float().sum()
        return n_corrects


def gather(model, loader):
    rows, values = [], []
    for x in loader:
        rows.append(model(x))
        values.append(model(x).sum().item())
    return torch.cat(rows), sum(values)


def dice_losses(masks, targets):
    # per-sample losses (a sum over the last dim): 1-D each, so cat joins them
    losses = []
    for mask, gt in zip(masks, targets):
        loss = 1 - (2 * (mask * gt).sum(-1) + 1) / (mask.sum(-1) + gt.sum(-1) + 1)
        losses.append(loss)
    return torch.cat(losses).mean()


class MultiPerspective(torch.nn.Module):
    # seen in: a BiMPM-style matcher whose cosine similarity of two vectors is a dot product over norms (0-dim)
    def cosine_sim(self, v1, v2):
        sim = v1.dot(v2).div(v1.norm(2) * v2.norm(2))
        return sim

    def full_matching(self, v1s, v2s):
        return torch.cat([self.cosine_sim(v1s[k], v2s[k]) for k in range(v1s.shape[0])])  # finding: cat-of-zero-dim-values

    def stacked(self, v1s, v2s):
        return torch.stack([self.cosine_sim(v1s[k], v2s[k]) for k in range(v1s.shape[0])])
