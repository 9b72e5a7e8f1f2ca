# seen in: microsoft/LoRA examples/NLU/examples/legacy/pytorch-lightning/run_glue.py (prepare_data torch.save()s
# the InputFeatures objects convert_examples_to_features builds to self._feature_file(mode), get_dataloader loads
# the same self._feature_file(mode): UnpicklingError under weights_only=True on torch 2.15, Unsupported global)
import os

import torch

from .processors import convert_examples_to_features


class GlueTask:
    def __init__(self, data_dir, model):
        self.data_dir = data_dir
        self.model = model

    def _feature_file(self, mode):
        return os.path.join(self.data_dir, f"cached_{mode}")

    def _weights_file(self, mode):
        return os.path.join(self.data_dir, f"weights_{mode}")

    def prepare_data(self, examples):
        for mode in ["train", "dev"]:
            cached_features_file = self._feature_file(mode)
            if not os.path.exists(cached_features_file):
                features = convert_examples_to_features(examples[mode])
                torch.save(features, cached_features_file)
            torch.save(self.model.state_dict(), self._weights_file(mode))

    def get_dataloader(self, mode):
        cached_features_file = self._feature_file(mode)
        features = torch.load(cached_features_file)  # finding: torch-load-saved-objects
        return [f.input_ids for f in features]

    # A look-alike that loads: the state dict saved through the other path method.
    def restore(self, mode):
        self.model.load_state_dict(torch.load(self._weights_file(mode)))
