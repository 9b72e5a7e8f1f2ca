# seen in: a voice-conversion repo (autovc) that reads a published speaker encoder saved as "....ckpt" by a plain
# training loop, for its 'model_b' entry: no Lightning in the project and no key of Lightning's layout read, so the
# suffix alone says nothing about what the file holds
import torch

from encoder import SpeakerEncoder


def load_encoder():
    encoder = SpeakerEncoder(dim_input=80, dim_cell=768, dim_emb=256)
    checkpoint = torch.load("3000000-BL.ckpt", map_location="cpu")
    encoder.load_state_dict(checkpoint["model_b"])
    return encoder
