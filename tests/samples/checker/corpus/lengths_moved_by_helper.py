# seen in: E2E speech recognisers (a TIMIT CTC/attention recipe) whose forward moves the lengths with a helper of the
# same file, `ilens = to_cuda(self, ilens)`, before packing: on a GPU the helper hands back CUDA lengths, which
# pack_padded_sequence refuses since 1.7. A helper that only moves where CUDA is asked for moves all the same; one that
# hands back something else (a copy on the CPU) is not a move.
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence


def to_cuda(m, x):
    device = next(m.parameters()).device
    return x.to(device)


def to_gpu(x, on_cpu=False):
    if torch.cuda.is_available() and not on_cpu:
        x = x.cuda()
    return x


def maybe_cuda(x, use_cuda):
    return x.cuda() if use_cuda else x


def host_copy(x):
    if x.is_cuda:
        return x.cpu()
    return x.to("cuda")


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(4, 4, batch_first=True)

    def forward(self, xs_pad, ilens):
        ilens = to_cuda(self, ilens)
        packed = pack_padded_sequence(xs_pad, ilens, batch_first=True)  # finding: pack-padded-cuda-lengths
        return self.rnn(packed)

    def run_moved(self, xs_pad, ilens, use_cuda):
        first = pack_padded_sequence(xs_pad, to_gpu(ilens), batch_first=True)  # finding: pack-padded-cuda-lengths
        lengths = maybe_cuda(ilens, use_cuda)
        second = pack_padded_sequence(xs_pad, lengths, batch_first=True)  # finding: pack-padded-cuda-lengths
        return first, second

    def run_copied(self, xs_pad, ilens):
        return pack_padded_sequence(xs_pad, host_copy(ilens), batch_first=True)
