import os

import numpy as np
import torch


def validate(args, net, optim, epoch, ious):
    mean_iu = np.nanmean(ious)
    save_dict = {"epoch": epoch, "state_dict": net.state_dict(), "optimizer": optim.state_dict(), "mean_iu": mean_iu}
    torch.save(save_dict, os.path.join(args.out, "best_checkpoint.pth"))


def resume(args, net):
    checkpoint = torch.load(args.resume, map_location="cpu")  # finding: torch-load-saved-in-project
    net.load_state_dict(checkpoint["state_dict"])
    return checkpoint["epoch"]
