# the training script hands the helper a numpy mean (numpy.float64): weights_only refuses the file it writes
import numpy as np
import torch

from utils.ckpt import save_checkpoint


def train(model, batches, path, pretrain=None):
    if pretrain is not None:
        checkpoint = torch.load(pretrain)  # finding: torch-load-saved-in-project
        model.load_state_dict(checkpoint["model_state_dict"])
        start = checkpoint["epoch"]
    correct = [float(b) for b in batches]
    train_acc = np.mean(correct)
    save_checkpoint(1, train_acc, 0.5, model, path)
