# seen in: microsoft/Swin-Transformer utils.py, utils_simmim.py (save_checkpoint stores the CfgNode itself)
import os

import torch


def load_checkpoint(config, model, optimizer):
    checkpoint = torch.load(config.MODEL.RESUME, map_location="cpu")  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["model"], strict=False)
    if "optimizer" in checkpoint and "epoch" in checkpoint:
        optimizer.load_state_dict(checkpoint["optimizer"])
    return checkpoint["epoch"]


def load_pretrained(config, model):
    checkpoint = torch.load(config.MODEL.PRETRAINED, map_location="cpu")  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["model"], strict=False)


def load_teacher(path, model):
    model.load_state_dict(torch.load(path, map_location="cpu")["teacher"])  # a key the saved layout lacks


def save_checkpoint(config, epoch, model, optimizer):
    save_state = {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch,
                  "config": config}
    torch.save(save_state, os.path.join(config.OUTPUT, f"ckpt_epoch_{epoch}.pth"))
