# seen in: many training scripts that save their own {"state_dict", "global_step"} dict and resume from it (no Lightning)
import torch


def save(model, step, path):
    torch.save({"state_dict": model.state_dict(), "global_step": step}, path)


def resume(model, path):
    checkpoint = torch.load(path, map_location="cpu")
    model.load_state_dict(checkpoint["state_dict"])
    return checkpoint["global_step"]
