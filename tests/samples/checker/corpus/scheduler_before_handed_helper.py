# seen in: a noisy-label training script whose epoch loop steps its MultiStepLR first and then calls train(), which
# hands its optimizer1 on to train_one_step(), the only function that steps it
import torch


def train_one_step(net, data, label, optimizer1):
    loss = torch.nn.functional.cross_entropy(net(data), label)
    optimizer1.zero_grad()
    loss.backward()
    optimizer1.step()
    return loss


def train(loader, model1, optimizer1):
    for data, labels in loader:
        train_one_step(model1, data, labels, optimizer1)


def report(loader, model1, optimizer1):
    return len(loader)


def main(model1, loader, epochs):
    optimizer1 = torch.optim.SGD(model1.parameters(), lr=0.1)
    scheduler1 = torch.optim.lr_scheduler.MultiStepLR(optimizer1, milestones=[10, 20], gamma=0.1)
    for epoch in range(epochs):
        scheduler1.step()  # finding: scheduler-step-before-optimizer
        train(loader, model1, optimizer1)


def quiet(model1, loader, epochs):
    optimizer1 = torch.optim.SGD(model1.parameters(), lr=0.1)
    scheduler1 = torch.optim.lr_scheduler.MultiStepLR(optimizer1, milestones=[10, 20], gamma=0.1)
    for epoch in range(epochs):
        report(loader, model1, optimizer1)
        train(loader, model1, optimizer1)
        scheduler1.step()
