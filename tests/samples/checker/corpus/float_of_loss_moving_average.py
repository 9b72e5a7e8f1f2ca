# seen in: sh0416/bpr's train.py: an exponential moving average of the BPR loss, printed with '%.4f' every few
# steps; the average joins the loss itself, so it requires grad and the formatting's float() warns on 2.8+
import math

import torch


def train(model, loader, optimizer, print_every):
    torch.manual_seed(0)
    smooth_loss = 0
    quiet_loss = 0.0
    for idx, (u, i, j) in enumerate(loader):
        optimizer.zero_grad()
        loss = model(u, i, j)
        loss.backward()
        optimizer.step()
        smooth_loss = smooth_loss * 0.99 + loss * 0.01
        quiet_loss = quiet_loss * 0.99 + loss.item() * 0.01
        if idx % print_every == print_every - 1:
            print('loss: %.4f' % smooth_loss)  # finding: float-of-requires-grad-tensor
            print('loss: %.4f' % quiet_loss)


def weighted(model, batch, step, total):
    # seen in: UniKeyphrase's run_seq2seq.py: a loss weight from math.log is a Python float, though it scales a
    # term of the backpropagated loss
    lm_loss, bow_loss = model(batch)
    weight_bw = math.log((2.7 - 1) / float(total) * step + 1)
    print("weight of bag of word loss %f" % weight_bw)
    loss = lm_loss + weight_bw * bow_loss
    loss.backward()
