# seen in: audio super-resolution serializers that keep each model's class beside its state
# (`{"class": model.__class__, "state": ...}`) to rebuild it later: the class is a GLOBAL weights_only refuses
import torch


def save_package(model):
    torch.save({"class": model.__class__, "state": model.state_dict()}, "package.th")


def save_weights(model):
    torch.save({"name": model.__class__.__name__, "state": model.state_dict()}, "weights.th")


def load_package():
    package = torch.load("package.th", map_location="cpu")  # finding: torch-load-saved-objects
    return package["state"]


def load_weights():
    return torch.load("weights.th", map_location="cpu")["state"]
