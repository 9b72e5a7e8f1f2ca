import torch


def restore(agent, path):
    ckpt_dict = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
    agent.load_state_dict(ckpt_dict["state_dict"])
    return ckpt_dict["config"]
