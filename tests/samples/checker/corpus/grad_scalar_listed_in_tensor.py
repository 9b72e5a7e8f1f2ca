# seen in: a DETR trainer (csm-kr's detr_pytorch) plotting the loss with visdom: torch.Tensor([losses]) right after
# losses.backward() reads the loss as a number, which warns as float(losses) does; the detached loss does not.
import torch


def train_step(model, criterion, optimizer, images, targets, vis):
    losses = criterion(model(images), targets)
    optimizer.zero_grad()
    losses.backward()
    optimizer.step()
    vis.line(Y=torch.Tensor([losses]).unsqueeze(0))  # finding: float-of-requires-grad-tensor
    vis.line(Y=torch.tensor([losses.detach()]))
    return losses
