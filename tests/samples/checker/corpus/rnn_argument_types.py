# seen in: Char-RNN-PyTorch's models/char_rnn.py: nn.GRU(embed_dim, hidden_size, num_layers, dropout) puts the
# dropout rate where bias sits; since 2.11 the constructor refuses a bias that is not a bool
import torch.nn as nn
from torch.nn import LSTM


class CharRNN(nn.Module):
    def __init__(self, num_classes, embed_dim, hidden_size, num_layers, dropout, bias, use_first):
        super().__init__()
        self.rnn = nn.GRU(embed_dim, hidden_size, num_layers, dropout)  # finding: rnn-argument-types
        self.lstm = LSTM(embed_dim, hidden_size / 2, bidirectional=True)  # finding: rnn-argument-types
        self.tagger = nn.LSTM(embed_dim, hidden_size, batch_first=1)  # finding: rnn-argument-types
        self.plain = nn.RNN(embed_dim, hidden_size, num_layers, 'tanh', True, True, dropout)
        self.flags = nn.LSTM(embed_dim, hidden_size, num_layers, bias, use_first, dropout)
        self.sizes = nn.GRU(embed_dim, hidden_size // 2, num_layers, dropout=dropout, batch_first=True)
        self.elman = nn.RNN(embed_dim, hidden_size, num_layers, dropout)  # fourth is nonlinearity: a ValueError
