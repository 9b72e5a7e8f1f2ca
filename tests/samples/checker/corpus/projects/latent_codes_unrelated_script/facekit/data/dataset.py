import torch


class FaceDataset:
    def __init__(self, opt):
        self.codes = torch.load(opt["latent_path"])

    def __getitem__(self, name):
        return self.codes["orig"][name]
