# seen in: XPixelGroup/BasicSR scripts/publish_models.py (released .pth files, dicts of state dicts, loaded under
# the name `net` and saved back in an older format: a conversion, no use of the value as a model)
import torch


def convert_to_legacy_format(paths):
    for path in paths:
        net = torch.load(path, map_location=torch.device("cpu"))
        torch.save(net, path, _use_new_zipfile_serialization=False)


def check_keys(path):
    net = torch.load(path, map_location="cpu")
    if "params" not in net and "params_ema" not in net:
        raise ValueError(path)


# Still a model: used as one before it is saved again.
def export(path, out):
    net = torch.load(path, map_location="cpu")  # finding: torch-load-pickled-object
    net.eval()
    torch.save(net, out)
