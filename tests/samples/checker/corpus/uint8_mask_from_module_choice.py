# seen in: a visual-dialog answer generator that picks th = torch.cuda or torch by the embedding's device and builds
# its end-of-sequence mask with th.ByteTensor, then masks sampled tokens with it; a LongTensor count stays quiet
import torch


def sample_answers(embed, samples, steps, end_token):
    if embed.weight.is_cuda:
        th = torch.cuda
    else:
        th = torch
    mask = th.ByteTensor(samples.size()).fill_(0)  # finding: cuda-dtype-tensor-constructor
    lengths = th.LongTensor(samples.size(0)).fill_(1)  # finding: cuda-dtype-tensor-constructor
    for t in range(steps):
        mask[:, t] = samples[:, t].eq(end_token)
        samples[:, t].masked_fill_(mask[:, t], end_token)  # finding: uint8-mask-fill
        lengths.masked_fill_(samples[:, t].eq(end_token), 0)
    return lengths
