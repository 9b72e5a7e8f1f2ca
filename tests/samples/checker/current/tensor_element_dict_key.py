import torch

labels = {0: "cat", 1: "dog", 2: "owl"}
probs, idx = torch.tensor([0.1, 0.2, 0.7]).sort(0, descending=True)
top = labels[idx[0].item()]
ranked = [labels[i] for i in idx.tolist()]
