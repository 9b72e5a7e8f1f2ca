# seen in: a keyphrase generator's RL trainer whose criterion keeps one loss per target token (NLLLoss(reduce=False));
# the old .data[0] reads the first token's loss, which still works on the 1-D tensor
import torch


def init_criterion(pad_index):
    criterion = torch.nn.NLLLoss(ignore_index=pad_index, reduce=False)  # finding: loss-size-average-reduce
    return criterion


def validate(model, batches, criterion):
    losses = []
    for src, trg in batches:
        loss = criterion(model(src).view(-1, 10), trg.view(-1))
        losses.append(loss.data[0])
    return losses


def mean_loss(model, src, trg):
    total = torch.nn.NLLLoss()
    loss = total(model(src), trg)
    return loss.data[0]  # finding: loss-data-index
