# seen in: a class-activation-map demo (2016) that names its top-5 predictions with labels[idx[i]] after
# probs, idx = probs.sort(0, descending=True): each element is a 0-dim tensor since 0.4, hashed by identity, so the
# int-keyed dict raises KeyError: tensor(2). Reading the number (.item(), .tolist()) finds the label; a dict the
# function does not build, or an index that is a Python list, stays quiet.
import json

import torch
import torch.nn.functional as F


def get_labels(path):
    with open(path) as handle:
        content = json.load(handle)
    labels = {int(k): v for k, v in content.items()}
    return labels


def top5(model, image, path, names):
    output = model(image)
    labels = get_labels(path)
    probs = F.softmax(output, dim=1).data.squeeze()
    probs, idx = probs.sort(0, descending=True)
    best = output.argmax(1)
    order = [2, 0, 1]
    for i in range(5):
        print("{:.3f} -> {}".format(probs[i], labels[idx[i]]))  # finding: tensor-element-dict-key
        print(labels[idx[i].item()], names[idx[i]], labels[order[i]])
    return labels[best[0]], [labels[k] for k in idx.tolist()]  # finding: tensor-element-dict-key
