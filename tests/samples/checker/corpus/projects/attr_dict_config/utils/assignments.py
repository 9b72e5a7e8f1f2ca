import os

import torch


class AssignmentStore:
    _CONFIG_KEY = "config"
    _LABELS_KEY = "labels"

    @classmethod
    def save(cls, out_dir, result):
        content = {
            cls._CONFIG_KEY: result.config,
            cls._LABELS_KEY: result.labels,
        }
        torch.save(content, os.path.join(out_dir, "labels.torch"))

    @classmethod
    def load(cls, path):
        content = torch.load(path)  # finding: torch-load-saved-in-project
        return content[cls._CONFIG_KEY], content[cls._LABELS_KEY]


class FeatureStore:
    _FEATURES_KEY = "features"
    _COUNT_KEY = "count"

    def save(self, path, features):
        torch.save({self._FEATURES_KEY: features.cpu(), self._COUNT_KEY: len(features), "options": self.options},
                   path)

    def load(self, path, args):
        stored = torch.load(path)  # tensors and numbers under constant keys; args.config is a path: loads
        return stored[self._FEATURES_KEY], stored[FeatureStore._COUNT_KEY], args.config
