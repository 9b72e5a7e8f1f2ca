# expect: removed-and-legacy-calls#numpy-arrays-read-backwards-handed-to-torch
# A 0.4-era sentence encoder: lengths sorted longest first by reading NumPy's ascending sort backwards.
import numpy as np
import torch
from torch import nn

sent, sent_len = torch.zeros(3, 2, 4), np.array([2, 3])
sorted_len = np.sort(sent_len)[::-1]
packed = nn.utils.rnn.pack_padded_sequence(sent, sorted_len)
