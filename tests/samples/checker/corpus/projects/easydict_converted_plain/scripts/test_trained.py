# seen in: a test script that reads the trainer's own checkpoint, whose config is an EasyDict
import torch


def load_trained(config, model):
    checkpoint = torch.load(config.out_dir + "/checkpoint.pth")  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["state_dict"])
