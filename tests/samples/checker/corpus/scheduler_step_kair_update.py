# seen in: KAIR's ModelBase (copied into FBCNN and many restoration trainers): update_learning_rate(self, n) hands
# the iteration count to each scheduler's step, the deprecated epoch argument.
import torch


class ModelBase:
    def __init__(self, net):
        self.optimizer = torch.optim.Adam(net.parameters(), lr=1e-4)
        self.schedulers = [torch.optim.lr_scheduler.MultiStepLR(self.optimizer, [200000, 400000], 0.5)]

    def update_learning_rate(self, n):
        for scheduler in self.schedulers:
            scheduler.step(n)  # finding: scheduler-step-epoch
