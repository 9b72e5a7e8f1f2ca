# seen in: captioning editors whose module loads a trained denoising autoencoder in __init__ (model =
# torch.load(ckpt); self.dae = model['dae']; self.dae.decoder_dim): the entry is a whole module, saved as the
# object itself, so the weights_only load of 2.6+ refuses the file, even where the saved class, defined beside it,
# sets that attribute on itself. An entry read only as tensors and dicts says nothing of the file.
import torch
import torch.nn as nn


class DAE(nn.Module):
    def __init__(self, decoder_dim):
        super().__init__()
        self.decoder_dim = decoder_dim


class DAEWithAR(nn.Module):
    def __init__(self, path):
        super().__init__()
        model = torch.load(path)  # finding: torch-load-pickled-object
        self.dae = model['dae']
        decoder_dim = self.dae.decoder_dim
        self.affine_hidden = nn.Linear(decoder_dim, decoder_dim)


class Restored(nn.Module):
    def __init__(self, path):
        super().__init__()
        state = torch.load(path, map_location="cpu")
        self.weights = state['weights']
        self.size = self.weights.shape[0]
