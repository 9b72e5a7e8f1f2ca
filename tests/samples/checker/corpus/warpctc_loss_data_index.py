# seen in: a CTC speech recogniser trained with warp-ctc (warpctc_pytorch.CTCLoss), whose loss is a 1-element
# tensor, not a 0-dim one: the old .data[0] still reads it; torch's own nn.CTCLoss reduces to 0-dim
import torch
from torch import nn
from warpctc_pytorch import CTCLoss


def train(model, batches, loss_fn, optimizer):
    total = 0
    for inputs, targets, input_sizes, target_sizes in batches:
        loss = loss_fn(model(inputs), targets, input_sizes, target_sizes)
        loss /= inputs.size(0)
        total += loss.data[0]
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return total


def evaluate(model, inputs, targets, input_sizes, target_sizes):
    ctc = nn.CTCLoss()
    loss = ctc(model(inputs), targets, input_sizes, target_sizes)
    return loss.data[0]  # finding: loss-data-index


def main(model, batches):
    loss_fn = CTCLoss()
    return train(model, batches, loss_fn, torch.optim.SGD(model.parameters(), lr=0.1))


def train_scaled(model, images, labels, pred_lens, label_lens, batch_size):
    # seen in: bes-dev's crnn-pytorch: the warp-ctc loss divided by the batch size keeps its one element
    loss_function = CTCLoss()
    loss = loss_function(model(images), labels, pred_lens, label_lens) / batch_size
    loss.backward()
    return loss.data[0]
