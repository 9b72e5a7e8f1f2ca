# seen in: a graph partitioner (save_node_pb(output_dir, node_pb: PartitionBook) torch.save()s a parameter annotated
# with the project's PartitionBook, but the partitioner annotated to return a PartitionBook returns
# torch.zeros(n, dtype=torch.long): every file written is an int64 tensor, which loads under weights_only=True)
import os
from typing import List, Tuple

import torch


class ShardBook(object):
    def __getitem__(self, indices):
        raise NotImplementedError


class Sharder:
    def assign(self, num_items: int, num_parts: int) -> Tuple[List[torch.Tensor], ShardBook]:
        book = torch.zeros(num_items, dtype=torch.long)
        ids = torch.arange(num_items)
        book[ids] = ids % num_parts
        return [ids[book == p] for p in range(num_parts)], book


def save_book(out_dir: str, book: ShardBook):
    torch.save(book, os.path.join(out_dir, "book.pt"))


def load_book(out_dir: str):
    return torch.load(os.path.join(out_dir, "book.pt"), map_location="cpu")


# A look-alike that stays a finding: the annotation names a class nothing in the file builds as a tensor.
class Vocab(object):
    def __init__(self, words):
        self.words = list(words)


def save_vocab(out_dir: str, vocab: Vocab):
    torch.save(vocab, os.path.join(out_dir, "vocab.pt"))


def load_vocab(out_dir: str):
    return torch.load(os.path.join(out_dir, "vocab.pt"))  # finding: torch-load-saved-objects
