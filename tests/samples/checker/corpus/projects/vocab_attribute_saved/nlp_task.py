# seen in: a DNC's bAbI task, which keeps the vocabulary a method of its own loads (or builds fresh) and caches it
# whole next to the data; the cache is read back by the same method on the next run
import os

import torch

from vocab import Vocabulary


class NLPTask:
    def __init__(self, cache_dir):
        self.cache_dir = cache_dir
        self.vocabulary = self._load_vocabulary()
        self.counts = self._load_counts()

    def _load_vocabulary(self):
        cache_file = os.path.join(self.cache_dir, "vocabulary.pth")
        if not os.path.isfile(cache_file):
            return Vocabulary()
        return torch.load(cache_file)  # finding: torch-load-saved-objects

    def save_vocabulary(self):
        torch.save(self.vocabulary, os.path.join(self.cache_dir, "vocabulary.pth"))

    def _load_counts(self):
        return torch.load(os.path.join(self.cache_dir, "counts.pth"))

    def save_counts(self):
        torch.save(self.counts, os.path.join(self.cache_dir, "counts.pth"))  # no class of the project is Counts
