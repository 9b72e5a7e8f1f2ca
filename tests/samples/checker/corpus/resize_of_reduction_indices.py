# seen in: lang2logic-PyTorch's seq2seq sample.py: greedy decoding takes the argmax indices from the (values,
# indices) pair of pred.max(1) and reshapes them with the non-in-place resize
import numpy as np
import torch


def greedy_step(decoder, prev_word, state):
    pred = decoder(prev_word, state)
    _, _prev_word = pred.max(1)
    prev_word = _prev_word.resize(1)  # finding: tensor-resize-not-inplace
    scores, order = torch.topk(pred, 5)
    best = order.resize(5)  # finding: tensor-resize-not-inplace
    return prev_word, best, scores


def numpy_and_images(table, image):
    widest = table.max(1)  # one array: not a pair
    small = widest.resize(3)
    low, high = np.percentile(table, [5, 95])
    both = low.resize(1)
    thumb = image.resize(64)
    return small, both, high, thumb
