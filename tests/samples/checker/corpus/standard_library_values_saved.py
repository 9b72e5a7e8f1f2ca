# seen in: LLMLingua's annotation files (a defaultdict(list) of labels) and training caches that keep a timestamp;
# weights_only refuses collections.defaultdict, collections.deque, frozenset and datetime (Unsupported global)
import collections
import datetime

import torch


def labels_cache(path, rows):
    if path.exists():
        return torch.load(path)  # finding: torch-load-saved-objects
    labels = collections.defaultdict(list)
    for word, label in rows:
        labels[word].append(label)
    torch.save(labels, path)
    return labels


def checkpoint(path, model):
    if path.exists():
        model.load_state_dict(torch.load(path)["model"])  # finding: torch-load-saved-objects
    torch.save({"model": model.state_dict(), "saved_at": datetime.datetime.now()}, path)


def counts_cache(path, words):
    if path.exists():
        return torch.load(path)  # a Counter and an OrderedDict load with weights_only=True: no finding
    counts = {"words": collections.Counter(words), "order": collections.OrderedDict(a=1)}
    torch.save(counts, path)
    return counts
