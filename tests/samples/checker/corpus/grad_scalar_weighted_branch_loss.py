# seen in: a CutMix reproduction (Bengali graphemes): one branch weighs three criterion losses into the loss by plain
# arithmetic (no call), the other sums criterion calls; float() of the loss after backward() converts a tensor that
# requires grad either way.
import numpy as np
import torch


def train(model, criterion, optimizer, loader, batch_size):
    losses = []
    for images, labels in loader:
        if np.random.rand() < 0.5:
            out = model(images)
            loss1 = criterion(out[:, :10], labels[:, 0])
            loss2 = criterion(out[:, 10:], labels[:, 1])
            loss = 0.5 * loss1 + 0.5 * loss2
        else:
            out = model(images)
            loss = criterion(out[:, :10], labels[:, 0]) + criterion(out[:, 10:], labels[:, 1])
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    losses.append(float(loss) / batch_size)  # finding: float-of-requires-grad-tensor
    return losses
