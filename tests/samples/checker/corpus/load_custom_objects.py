# seen in: NLP example scripts caching converted features, training scripts keeping numpy metrics and
# whole models next to the weights (each refused by weights_only=True on torch 2.15: Unsupported global)
import os

import numpy as np
import torch

from .processors import InputExample, convert_examples_to_features


class RunningStats:
    def __init__(self):
        self.count = 0


def load_features(cached_features_file, examples, tokenizer):
    if os.path.exists(cached_features_file):
        features = torch.load(cached_features_file)  # finding: torch-load-saved-objects
    else:
        features = convert_examples_to_features(examples, tokenizer, max_length=128)
        torch.save(features, cached_features_file)
    return features


def cache_examples(lines, path):
    examples = [InputExample(guid=i, text=line) for i, line in enumerate(lines)]
    example = InputExample(guid=0, text=lines[0])
    torch.save({"first": example, "count": len(examples)}, path)
    return torch.load(path)  # finding: torch-load-saved-objects


def train(net, accs, out):
    best_acc = np.mean(accs)
    torch.save({"model": net.state_dict(), "best_acc": best_acc}, out)
    checkpoint = torch.load(out)  # finding: torch-load-saved-objects
    net.load_state_dict(checkpoint["model"])


def keep_stats(out):
    stats = RunningStats()
    torch.save(stats, os.path.join(out, "stats.pt"))
    return torch.load(os.path.join(out, "stats.pt"))  # finding: torch-load-saved-objects


def keep_best(best_model, out):
    torch.save(best_model, os.path.join(out, "best.pt"))
    restored = torch.load(os.path.join(out, "best.pt"))  # finding: torch-load-saved-objects
    return restored


def plain_metrics(net, accs, out):
    acc = float(np.mean(accs))  # a Python float loads
    torch.save({"state_dict": net.state_dict(), "acc": acc}, out)
    checkpoint = torch.load(out)
    net.load_state_dict(checkpoint["state_dict"])

