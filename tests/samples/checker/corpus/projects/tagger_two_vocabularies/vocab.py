# seen in: a BiLSTM-CRF tagger that keeps its word and tag vocabularies as Vocab objects on the model and saves them
# beside the state dict: the load of that file meets the project's class under weights_only
import json


class Vocab:
    def __init__(self, word2id):
        self.word2id = dict(word2id)
        self.id2word = {i: w for w, i in self.word2id.items()}

    def __len__(self):
        return len(self.word2id)

    @staticmethod
    def load(path):
        with open(path) as handle:
            return Vocab(json.load(handle))
