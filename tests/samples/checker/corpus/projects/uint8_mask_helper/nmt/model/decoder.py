import torch.nn as nn

from ..utils import build_targets, pair_of_lengths


class Decoder(nn.Module):
    def forward(self, pred, boxes, lengths, cuda):
        tx, mask, n = build_targets(boxes, pred.size(0))
        if cuda:
            tx, mask = tx.cuda(), mask.cuda()
        kept = pred[mask]  # finding: uint8-mask-condition
        rest = pred[~mask]  # finding: uint8-mask-condition
        longest, shortest = pair_of_lengths(lengths)
        return kept, rest, tx[longest], tx[shortest], n
