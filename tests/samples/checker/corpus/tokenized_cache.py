# A dataset caches its tokenized inputs with torch.save: the tokenizer's result is a BatchEncoding (a
# UserDict subclass), which the weights_only default refuses when the cache is read back.
import os

import torch


class PaperDataset(torch.utils.data.Dataset):
    def __init__(self, tokenizer, texts, cache_path, max_length=128):
        self.tokenizer = tokenizer
        if os.path.exists(cache_path):
            with open(cache_path, "rb") as f:
                self.inputs = torch.load(f)  # finding: torch-load-saved-objects
        else:
            self.inputs = self.tokenizer(text=texts, padding="max_length", truncation=True,
                                         max_length=max_length, return_tensors="pt")
            with open(cache_path, "wb") as f:
                torch.save(self.inputs, f)

    def __len__(self):
        return self.inputs["input_ids"].size(0)


def tokenizer(line):
    return line.split()  # the file's own word splitter: a list of strings


def cached_words(lines, path):
    if os.path.exists(path):
        return torch.load(path)
    words = tokenizer(lines[0])
    torch.save(words, path)
    return words


def cached_ids(tokenizer, texts, path):
    if os.path.exists(path):
        return torch.load(path)  # finding: torch-load-saved-objects
    encoded = tokenizer.batch_encode_plus(texts)
    torch.save(encoded, path)
    return encoded
