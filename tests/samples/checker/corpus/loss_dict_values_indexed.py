# seen in: KERN's models/train_rels.py: train_batch stores each cross-entropy loss in a dict, adds the total, and
# reads every value with the 0.3-era .data[0] in a dict comprehension over losses.items()
import torch.nn.functional as F


def train_batch(result, optimizer, use_obj):
    losses = {}
    if use_obj:
        losses["class_loss"] = F.cross_entropy(result.obj_dists, result.obj_labels)
    losses["rel_loss"] = F.cross_entropy(result.rel_dists, result.rel_labels)
    loss = sum(losses.values())
    loss.backward()
    losses["total"] = loss
    optimizer.step()
    logged = {name: value.data[0] for name, value in losses.items()}  # finding: loss-data-index
    for value in losses.values():
        print(value.data[0])  # finding: loss-data-index
    return logged


def per_sample(result):
    losses = {}
    losses["rel"] = F.cross_entropy(result.rel_dists, result.rel_labels, reduction="none")
    firsts = {name: value.data[0] for name, value in losses.items()}  # one loss per sample: a 1-D tensor
    rows = {}
    rows["a"] = result.rel_dists
    heads = [value.data[0] for value in rows.values()]
    return firsts, heads
