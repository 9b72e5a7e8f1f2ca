# seen in: an image-compression trainer and an image-quality trainer (pytorch-image-comp-rnn's train.py,
# DBCNN-PyTorch's BaseCNN.py) whose optimizer is called `solver`; the epoch loop steps the scheduler first
import torch
import torch.optim as optim
import torch.optim.lr_scheduler as LS

params = [torch.zeros(1, requires_grad=True)]
solver = optim.Adam(params, lr=1e-3)
scheduler = LS.MultiStepLR(solver, milestones=[3, 10], gamma=0.5)

for epoch in range(5):
    scheduler.step()  # finding: scheduler-step-before-optimizer
    for batch in range(3):
        solver.zero_grad()
        params[0].sum().backward()
        solver.step()


class Manager:
    def __init__(self):
        self._solver = torch.optim.SGD(params, lr=0.1)
        self._scheduler = torch.optim.lr_scheduler.StepLR(self._solver, step_size=8)
        self.helper = object()

    def train(self, epochs):
        for t in range(epochs):
            self._scheduler.step()  # finding: scheduler-step-before-optimizer
            for x in range(3):
                self._solver.step()

    def other(self, epochs):
        for t in range(epochs):
            self._scheduler.step()
            self.helper.step()
