import os

import torch


class ClusterAssignmentLoader:
    _CONFIG_KEY = "config"
    _ASSIGN_KEY = "cluster_assignments"

    @classmethod
    def save_cluster_assignment(cls, output_dir, assignments):
        content = {
            cls._CONFIG_KEY: assignments.config,
            cls._ASSIGN_KEY: assignments.cluster_assignments,
        }
        torch.save(content, os.path.join(output_dir, "cluster_assignments.torch"))

    @classmethod
    def load_cluster_assignment(cls, file_path):
        content = torch.load(file_path)  # finding: torch-load-saved-in-project
        return content[cls._CONFIG_KEY], content[cls._ASSIGN_KEY]


class FeatureStore:
    _FEATURES_KEY = "features"
    _COUNT_KEY = "count"

    def save(self, path, features):
        torch.save({self._FEATURES_KEY: features.cpu(), self._COUNT_KEY: len(features), "options": self.options},
                   path)

    def load(self, path, args):
        stored = torch.load(path)  # tensors and numbers under constant keys; args.config is a path: loads
        return stored[self._FEATURES_KEY], stored[FeatureStore._COUNT_KEY], args.config
