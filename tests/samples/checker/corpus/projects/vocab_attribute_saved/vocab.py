"""The project's vocabulary class: instances are pickled whole into the model file (weights_only refuses them)."""


class Vocab:
    def __init__(self, words):
        self.word2id = {word: index for index, word in enumerate(words)}


class Vocabulary:
    def __init__(self):
        self.words = []
