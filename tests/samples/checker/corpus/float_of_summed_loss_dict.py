# seen in: AP-BSN's trainer/base.py: the forward returns a dict of losses, their sum is backpropagated, and each
# entry is then added into the running log with float(), which warns on 2.8+ (every entry is in the graph)
import torch


def run_step(model, loss_fn, data, optimizer, log):
    losses, info = loss_fn(model, data)
    losses = {key: losses[key].mean() for key in losses}
    total_loss = sum(v for v in losses.values())
    total_loss.backward()
    optimizer.step()
    for key in losses:
        if key in log:
            log[key] += float(losses[key])  # finding: float-of-requires-grad-tensor
        else:
            log[key] = float(losses[key])  # finding: float-of-requires-grad-tensor
    for key in info:
        log[key] = float(info[key])
    return torch.no_grad


def evaluate(model, loss_fn, data, optimizer, log):
    losses, _ = loss_fn(model, data)
    total = sum(losses.values())
    total.backward()
    losses = {key: 0.0 for key in log}
    for key in losses:
        log[key] = float(losses[key])
