# seen in: a segmentation trainer that hands its torch scheduler the epoch or iteration count read from its
# config object (`scheduler.step(config.get("iters"))`, `config.get("lr", "epoch")`) after the optimizer step:
# "The epoch parameter in `scheduler.step()` was not necessary and is being deprecated" on 2.15
import torch


class SegTrainer:
    def __init__(self, net, config):
        self.net = net
        self.config = config
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, 30)

    def train_epoch(self, loader, state):
        for images, labels in loader:
            loss = self.net(images, labels)
            loss.backward()
            self.optimizer.step()
            self.scheduler.step(self.config.get("iters"))  # finding: scheduler-step-epoch
            self.scheduler.step(state.get("train", "epoch"))  # finding: scheduler-step-epoch
            self.scheduler.step(state.get("lr"))  # a learning rate, not an epoch
