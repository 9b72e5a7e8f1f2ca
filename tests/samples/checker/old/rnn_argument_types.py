# expect: data-nn-and-optim#rnn-lstm-and-gru-check-their-argument-types
import torch.nn as nn

encoder = nn.LSTM(128, 256, 2, 0.3)
