# seen in: a subword query-completion beam search that retraces its beams with 1 - end[j], end = pos >= beam where
# pos is beam + torch.arange(beam) spread over the batch (written for torch < 1.2); offsets of plain numbers stay quiet
import torch


def retrace(tokens, bsz, beam):
    pos = (beam + torch.arange(beam)).unsqueeze(0).repeat(bsz, 1).long()
    end = pos >= beam
    for j in range(bsz):
        tokens[j, 1 - end[j]] = 0  # finding: bool-mask-subtraction
    return tokens


def offsets(bsz, beam):
    pos = beam + bsz * 2
    end = pos >= beam
    return 1 - end
