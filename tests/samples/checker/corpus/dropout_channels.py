# seen in: Open-Sora DC-AE conv blocks (channel dropout before a Conv2d or Conv3d)
import torch.nn as nn


class ConvLayer(nn.Module):
    def __init__(self, channels, dropout, video):
        super().__init__()
        if video:
            self.dropout = nn.Dropout3d(dropout)
            self.conv = nn.Conv3d(channels, channels, 3, padding=1)
        else:
            self.dropout = nn.Dropout2d(dropout)  # 4-D input: no warning; only 3-D input warns
            self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x):
        return self.conv(self.dropout(x))
