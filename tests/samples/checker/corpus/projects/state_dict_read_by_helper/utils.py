# seen in: round 57's dl4mt-nonauto (utils.py): the helper reads what it is given as a state dict, so a load handed
# to it holds tensors whatever the loading file calls it; test() uses its parameter as a module.
import torch


def init_encoder(model, saved):
    kept = {k.replace("encoder.", ""): v for (k, v) in saved.items() if "encoder" in k}
    model.encoder.load_state_dict(kept)
    return model


def test(model, loader):
    model.eval()
    with torch.no_grad():
        return [model(x) for x in loader]
