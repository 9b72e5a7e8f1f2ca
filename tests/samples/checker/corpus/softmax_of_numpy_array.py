# F.softmax asks its input for .dim() before it guesses a dimension: given a numpy array it raises
# AttributeError ("'numpy.ndarray' object has no attribute 'dim'") and never warns.
import numpy as np
import torch
import torch.nn.functional as F


def probabilities(model, batch):
    with torch.no_grad():
        scores = model(batch)
    as_array = F.softmax(scores.data.cpu().numpy())
    stacked = F.log_softmax(np.stack([1.0, 2.0]))
    named = F.softmin(input=scores.numpy())
    tensor = F.softmax(torch.from_numpy(scores.numpy()))  # finding: softmax-without-dim
    plain = F.softmax(scores.cpu())  # finding: softmax-without-dim
    return as_array, stacked, named, tensor, plain
