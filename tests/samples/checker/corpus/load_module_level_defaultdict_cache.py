# seen in: MISA's dataset builders: the word-to-id mapping is a module-level defaultdict, saved with the embeddings
# into a cache by a method that does not bind the name itself, and read back from the same path on the next run;
# weights_only=True refuses collections.defaultdict ("Unsupported global")
from collections import defaultdict

import torch

word2id = defaultdict(lambda: len(word2id))


class MOSI:
    def __init__(self, data_path):
        cache_path = data_path + "/embedding_and_mapping.pt"
        try:
            self.embeddings, self.word2id = torch.load(cache_path)  # finding: torch-load-saved-objects
        except Exception:
            embeddings = torch.zeros(len(word2id), 300)
            torch.save((embeddings, word2id), cache_path)


class Local:
    def __init__(self, data_path, word2id):
        cache_path = data_path + "/plain.pt"
        try:
            self.embeddings = torch.load(cache_path)
        except Exception:
            torch.save((torch.zeros(3), dict(word2id)), cache_path)
