# seen in: the d2l textbook's train_epoch_ch3, copied into course repositories: the unreduced loss is given backward()
# through its mean (or sum), then converted for the running metric; it requires grad like the mean does
import torch


def train_epoch(net, train_iter, loss, updater, metric):
    for X, y in train_iter:
        y_hat = net(X)
        l = loss(y_hat, y)
        if isinstance(updater, torch.optim.Optimizer):
            updater.zero_grad()
            l.mean().backward()
            updater.step()
        else:
            l.sum().backward()
            updater(X.shape[0])
        metric.add(float(l.sum()), y.numel())  # finding: float-of-requires-grad-tensor


def evaluate(net, data_iter, loss, metric):
    with torch.no_grad():
        for X, y in data_iter:
            l = loss(net(X), y)
            metric.add(float(l.sum()), y.numel())
