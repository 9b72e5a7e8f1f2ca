import torch

from models import Decoder, Predictor


def train_step(decoder, predict, hidden, outputs, lengths, max_len):
    seq_mask = torch.ByteTensor([[0] * n + [1] * (max_len - n) for n in lengths])
    if torch.cuda.is_available():
        seq_mask = seq_mask.cuda()
    attended = decoder(hidden, outputs, seq_mask)
    num_mask = torch.ByteTensor(len(lengths), 4).fill_(0)
    return attended, predict(outputs, num_mask)


def evaluate(hidden, outputs, lengths):
    predict = Predictor()
    bool_mask = torch.zeros(len(lengths), 4, dtype=torch.bool)
    return predict(outputs, bool_mask)


decoder = Decoder(16)
predictor = Predictor()
train_step(decoder, predictor, torch.zeros(2, 1, 16), torch.zeros(2, 5, 16), [3, 5], 5)
