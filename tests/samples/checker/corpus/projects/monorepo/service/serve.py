# seen in: the serving sub-project of the same monorepo, which reads plain {"model": state_dict} files of
# its own; the trainer's checkpoint layout (with a config object) is no evidence here
import torch


def load(model, path):
    checkpoint = torch.load(path, map_location="cpu")
    model.load_state_dict(checkpoint["model"])


def export(model, path):
    torch.save({"model": model.state_dict()}, path)
