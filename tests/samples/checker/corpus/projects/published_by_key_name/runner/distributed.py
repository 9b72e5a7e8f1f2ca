import os

import torch


class DistributedManager:
    def __init__(self, net, optimizer, save_path):
        self.net, self.optimizer, self.save_path = net, optimizer, save_path
        self.best_acc = 0.0

    def save_model(self, checkpoint):
        torch.save(checkpoint, os.path.join(self.save_path, "checkpoint.pth.tar"))

    def load_model(self, model_fname):
        checkpoint = torch.load(model_fname, map_location="cpu")  # its own plain layout: loads
        self.net.load_state_dict(checkpoint["state_dict"])
        if "epoch" in checkpoint:
            self.start_epoch = checkpoint["epoch"] + 1
        if "best_acc" in checkpoint:
            self.best_acc = checkpoint["best_acc"]
        if "optimizer" in checkpoint:
            self.optimizer.load_state_dict(checkpoint["optimizer"])

    def train(self, epochs, validate):
        for epoch in range(epochs):
            self.best_acc = max(self.best_acc, float(sum(validate(self.net))))
            self.save_model({"epoch": epoch, "best_acc": self.best_acc, "optimizer": self.optimizer.state_dict(),
                             "state_dict": self.net.state_dict()})
