import torch.nn as nn

encoder = nn.LSTM(128, 256 // 2, num_layers=2, dropout=0.3, batch_first=True, bidirectional=True)
