# seen in: a program-synthesis decoder (GandRL_for_NPS's network.py) that picks torch.cuda or torch with an if
# statement before building its beams' tensors
import torch


def beam_inputs(batch_size, start, use_cuda):
    if use_cuda:
        tt = torch.cuda
    else:
        tt = torch
    return tt.LongTensor(batch_size, 1).fill_(start)  # finding: cuda-dtype-tensor-constructor


def rebound(batch_size, use_cuda):
    if use_cuda:
        tt = torch.cuda
    else:
        tt = torch
    tt = torch  # a third binding: which module a call sees is not the choice above
    return tt.LongTensor(batch_size, 1)
