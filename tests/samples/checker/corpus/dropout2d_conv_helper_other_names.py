# a helper whose name only starts like one (convert_...), a 1-D convolution helper, or an attribute named conv1 that
# holds an LSTM: no 2-D maps here, so Dropout2d sees 3-D (N, C, L) input and warns
import torch.nn as nn

from audio_lib import conv1d_block, convert_features


class Head(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.conv1 = nn.LSTM(dim, dim, batch_first=True)
        self.block = conv1d_block(dim, dim)
        self.drop = nn.Dropout2d(0.5)  # finding: dropout2d-deprecated

    def forward(self, x):
        y, _ = self.conv1(convert_features(x))
        return self.drop(self.block(y))
