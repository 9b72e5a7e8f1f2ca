import torch


class FaceDataset:
    def __init__(self, opt):
        self.codes = torch.load(opt["latent_path"])  # finding: torch-load-saved-in-project
        self.tables = torch.load(opt["tables_path"])

    def __getitem__(self, index):
        name, flipped = index
        code = self.codes["hflip"][name] if flipped else self.codes["orig"][name]
        return code, self.tables["means"][name]
