# a predictor that keeps each published bundle in a dict attribute by name and reads its keys off that item
import torch

from model import SpeechModel


class Predictor:
    def setup(self, cache):
        self.ckpt, self.models = {}, {}
        for name in ["large.pth", "small.pth"]:
            self.ckpt[name] = torch.load(f"{cache}/{name}", map_location="cpu")  # finding: torch-load-saved-in-project
            self.models[name] = SpeechModel(self.ckpt[name]["config"])
            self.models[name].load_state_dict(self.ckpt[name]["model"])

    def setup_weights(self, cache):
        # keys of no saved layout: published weights of another kind
        self.weights = {}
        for name in ["codec.pth"]:
            self.weights[name] = torch.load(f"{cache}/{name}", map_location="cpu")
            self.codec.load_state_dict(self.weights[name]["codec_state"])
