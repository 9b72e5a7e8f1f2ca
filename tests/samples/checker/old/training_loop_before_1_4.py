# expect: still-warns-on-2.15#schedulerstepepoch
# expect: still-warns-on-2.15#lr_schedulerstep-before-optimizerstep
# expect: still-warns-on-2.15#schedulerget_lr-outside-step
# expect: still-warns-on-2.15#autogradfunction-with-a-non-static-forward
# expect: still-warns-on-2.15#an-instance-of-a-new-style-autogradfunction
# expect: still-warns-on-2.15#variablevolatiletrue
# expect: removed-and-legacy-calls#indexing-a-0-dim-tensor-lossdata0
# A training loop and a custom op from before torch 1.4: the epoch handed to the scheduler, the rate read
# with get_lr(), and an autograd Function with instance methods.
import torch


class Clamp(torch.autograd.Function):
    def forward(self, x):
        return x.clamp(min=0)

    def backward(self, grad):
        return grad


def fit(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    for epoch in range(epochs):
        lr_scheduler.step(epoch)
        for x in loader:
            loss = Clamp()(model(x)).sum()
            loss.backward()
            optimizer.step()
        print(epoch, lr_scheduler.get_lr())


def evaluate(model, loader):
    from torch.autograd import Variable
    total = 0.0
    for x, y in loader:
        x = Variable(x, volatile=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        total += loss.data[0]
    return total
