# seen in: harvardnlp/annotated-transformer the_annotated_transformer.py (load_vocab caches the pair of torchtext
# Vocab objects a function of the file builds and returns, torch.save((src, tgt), "vocab.pt"), and loads it back
# from the same path: weights_only=True refuses the class, Unsupported global, on torch 2.15)
from os.path import exists

import torch
from torchtext.vocab import build_vocab_from_iterator


def make_vocabs(source_tokens, target_tokens):
    source = build_vocab_from_iterator(source_tokens, min_freq=2, specials=["<pad>", "<unk>"])
    target = build_vocab_from_iterator(target_tokens, min_freq=2, specials=["<pad>", "<unk>"])
    source.set_default_index(source["<unk>"])
    target.set_default_index(target["<unk>"])
    return source, target


def count_tokens(source_tokens):
    return len(source_tokens), sum(len(line) for line in source_tokens)


def cached_vocabs(source_tokens, target_tokens, path="vocab.pt"):
    if not exists(path):
        source, target = make_vocabs(source_tokens, target_tokens)
        torch.save((source, target), path)
    else:
        source, target = torch.load(path)  # finding: torch-load-saved-objects
    return source, target


def cached_counts(source_tokens, path="counts.pt"):
    if not exists(path):
        lines, tokens = count_tokens(source_tokens)  # Python ints: a plain tuple, loads under weights_only=True
        torch.save((lines, tokens), path)
    else:
        lines, tokens = torch.load(path)
    return lines, tokens
