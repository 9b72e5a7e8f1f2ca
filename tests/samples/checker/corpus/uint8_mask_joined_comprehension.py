# seen in: joint slot-filling and intent models (2017-2018) that build the padding mask row by row, one ByteTensor per
# sentence moved to the GPU when there is one, and join the rows with torch.cat
import torch
from torch.autograd import Variable

USE_CUDA = torch.cuda.is_available()


def padding_mask(batch):
    return torch.cat([Variable(torch.ByteTensor([token == 0 for token in sentence.tolist()])).cuda() if USE_CUDA
                      else Variable(torch.ByteTensor([token == 0 for token in sentence.tolist()]))
                      for sentence in batch]).view(len(batch), -1)


def attend_padded(scores, batch):
    return scores.masked_fill(padding_mask(batch), -1e12)  # finding: uint8-mask-fill


def attend(scores, batch):
    mask = torch.cat([Variable(torch.ByteTensor([token == 0 for token in s.tolist()])) for s in batch])
    return scores.masked_fill(mask.view(len(batch), -1), -1e12)  # finding: uint8-mask-fill


def attend_rows(scores, masks):
    joined = torch.cat([m for m in masks])  # rows handed in: their dtype is not known here
    return scores.masked_fill(joined, -1e12)
