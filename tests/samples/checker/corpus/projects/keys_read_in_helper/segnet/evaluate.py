import numpy as np
import torch


def evaluate(net, optim, epoch, ious, path):
    mean_iu = np.nanmean(ious)
    save_dict = {"epoch": epoch, "state_dict": net.state_dict(), "optimizer": optim.state_dict(), "mean_iu": mean_iu}
    torch.save(save_dict, path)
