# seen in: mit-han-lab/once-for-all (the run manager saves {'epoch', 'best_acc': np.mean(...), 'optimizer',
# 'state_dict'} and the best model as a plain {'state_dict'}; the model zoo reads ['state_dict'] of downloaded release
# weights, a predictor reads its own MLP's file, and a sibling manager resumes its own plain checkpoint: none of those
# reads is the numpy-holding file)
import os

import numpy as np
import torch


class Manager:
    def __init__(self, net, optimizer, save_path):
        self.net, self.optimizer, self.save_path = net, optimizer, save_path
        self.best_acc = 0

    def save_model(self, checkpoint, is_best=False):
        torch.save(checkpoint, os.path.join(self.save_path, "checkpoint.pth.tar"))
        if is_best:
            torch.save({"state_dict": checkpoint["state_dict"]}, os.path.join(self.save_path, "model_best.pth.tar"))

    def load_model(self, model_fname):
        checkpoint = torch.load(model_fname, map_location="cpu")  # finding: torch-load-saved-in-project
        self.net.load_state_dict(checkpoint["state_dict"])
        self.start_epoch = checkpoint["epoch"] + 1
        self.best_acc = checkpoint["best_acc"]
        self.optimizer.load_state_dict(checkpoint["optimizer"])

    def train(self, epochs, validate):
        for epoch in range(epochs):
            accs = validate(self.net)
            is_best = np.mean(accs) > self.best_acc
            self.best_acc = max(self.best_acc, np.mean(accs))
            self.save_model({"epoch": epoch, "best_acc": self.best_acc, "optimizer": self.optimizer.state_dict(),
                             "state_dict": self.net.state_dict()}, is_best=is_best)
