# seen in: 0.3-era training scripts that log a reduced value through NumPy (`x.data.cpu().numpy()[0]`) or read an
# inline criterion call with `.data[0]`; both index a 0-dim result. Network outputs and per-row values read the
# same way are ordinary arrays and stay quiet.
import numpy as np
import torch
import torch.nn.functional as F


def log_step(writer, net, states, actions, step):
    logits = net(states)
    log_prob = F.log_softmax(logits, dim=1)
    policy_loss = -(log_prob[:, 0] * actions).mean()
    entropy = -(log_prob.exp() * log_prob).sum(dim=1).mean()
    per_row = (log_prob.exp() * log_prob).sum(dim=1)
    writer.add_scalar("loss", policy_loss.data.cpu().numpy()[0], step)  # finding: zero-dim-numpy-index
    writer.add_scalar("entropy", entropy.data.cpu().numpy()[0], step)  # finding: zero-dim-numpy-index
    writer.add_scalar("value", logits.data.cpu().numpy()[0], step)
    writer.add_scalar("first_row", per_row.data.numpy()[0], step)
    writer.add_scalar("first_action", np.asarray(actions).mean(axis=0)[0], step)
    return policy_loss


def validate(loader, net, criterion, meter):
    for images, labels in loader:
        outputs = net(images)
        meter.update(criterion(outputs, labels).data[0], images.size(0))  # finding: loss-data-index
        meter.update(criterion(outputs, labels, reduction="none").data[0], 1)
        meter.update(net.running_loss(outputs).numpy()[0], 1)  # a meter keeping a 1-element mean
        meter.update(outputs.data[0].max(), 1)
