# seen in: self-supervised OOD training loops that add an auxiliary term to the loss in place, step, then keep a
# running average with float(loss): the augmented tensor still requires grad
import torch
import torch.nn.functional as F


def train(net, loader, optimizer):
    loss_avg = 0.0
    for x, y, y_rot in loader:
        logits, rot_logits = net(x)
        loss = F.cross_entropy(logits, y)
        loss += 0.5 * F.cross_entropy(rot_logits, y_rot)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        loss_avg = loss_avg * 0.9 + float(loss) * 0.1  # finding: float-of-requires-grad-tensor
    return loss_avg


def train_session(model, batches, optimizer, criterion):
    total_loss = 0.0
    for x, y, aux in batches:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss = loss + aux
        loss.backward()
        optimizer.step()
        total_loss += loss
    print('\tLoss:\t%.3f' % total_loss)  # finding: float-of-requires-grad-tensor
    return total_loss


def train_items(model, batches, optimizer, criterion):
    total = 0.0
    for x, y in batches:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        total += loss.item()
    print('%.3f' % total)
