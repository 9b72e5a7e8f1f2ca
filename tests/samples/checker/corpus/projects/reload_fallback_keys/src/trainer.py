# seen in: unsupervised NMT trainers (whole encoder/decoder modules saved under short keys)
import torch


class Trainer:
    def __init__(self, encoder, decoder, params):
        self.encoder = encoder
        self.decoder = decoder
        self.params = params

    def save_model(self, path):
        torch.save({"enc": self.encoder, "dec": self.decoder}, path)
