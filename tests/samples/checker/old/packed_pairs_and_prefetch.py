# expect: removed-and-legacy-calls#pack_padded_sequence-unpacked-as-a-pair
# expect: removed-and-legacy-calls#dataloaderprefetch_factor-without-worker-processes
import torch
from torch.nn.utils.rnn import pack_padded_sequence
from torch.utils.data import DataLoader

scores, _ = pack_padded_sequence(torch.zeros(2, 3, 4), [3, 2], batch_first=True)
loader = DataLoader(torch.arange(8), prefetch_factor=2)
