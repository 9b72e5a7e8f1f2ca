# seen in: HazyResearch/safari (src/dataloaders/lm.py: _save_to_cache torch.save()s (self.vocab, train, valid, test) to
# self.data_dir / "cache.pt", where self.vocab is Vocab(...) or OpenAIVocab() of the project's own vocabulary module,
# and _load_from_cache reads the same path) and pytorch/text tests (a tokenizer built by its class, saved, loaded).
# An instance of a class outside weights_only's allowlist is refused on torch 2.15 with UnpicklingError
# "Unsupported global: GLOBAL <module>.Vocab" (run with an nn.Module subclass and a plain class).
from collections import OrderedDict

import torch
from src.dataloaders.utils.vocabulary import OpenAIVocab, Vocab
from tokenizers_lib import GPT2BPETokenizer, MAX_LEN


class WikiText:
    def setup(self, bpe, vocab_kwargs):
        if bpe:
            self.vocab = OpenAIVocab()
        else:
            self.vocab = Vocab(**vocab_kwargs)
        self.train = self.vocab.encode_file("train.txt")

    def _save_to_cache(self):
        cache_path = self.data_dir / "cache.pt"
        torch.save((self.vocab, self.train), cache_path)

    def _load_from_cache(self):
        cache_path = self.data_dir / "cache.pt"
        self.vocab, self.train = torch.load(cache_path)  # finding: torch-load-saved-objects


def tokenizer_round_trip(path):
    tokenizer = GPT2BPETokenizer(encoder_json_path="enc.json", vocab_bpe_path="vocab.bpe")
    torch.save(tokenizer, path)
    loaded = torch.load(path)  # finding: torch-load-saved-objects
    return loaded


# clean look-alikes: an OrderedDict (weights_only loads it), a constant, an attribute bound to something else in
# another method, a name rebound to a state_dict before the save
def ordered(path, weights):
    table = OrderedDict(weights)
    torch.save(table, path)
    return torch.load(path)


class Cache:
    def build(self):
        self.table = Vocab()

    def reset(self, table):
        self.table = table

    def save(self):
        torch.save(self.table, self.cache_file)

    def load(self):
        return torch.load(self.cache_file)


def rebound_state(path):
    table = Vocab()
    table = table.state_dict()
    torch.save(table, path)
    return torch.load(path), MAX_LEN
