# seen in: pytorch/examples legacy snli, fairseq unit2speech (a pickled module, used as one)
import torch


def resume(path, device):
    model = torch.load(path, map_location=device)  # finding: torch-load-pickled-object
    return model


def vocoder(path):
    waveglow = torch.load(path)["model"]  # finding: torch-load-pickled-object
    waveglow = waveglow.cuda().eval().half()
    return waveglow
