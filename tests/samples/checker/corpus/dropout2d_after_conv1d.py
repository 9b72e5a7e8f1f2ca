# seen in: BENDR's EEG encoder (dn3_ext.py): blocks of nn.Conv1d, nn.Dropout2d, nn.GroupNorm and nn.GELU in a file
# that also builds 2-D convolutions elsewhere; the Dropout2d reads the Conv1d's (N, C, L) output: "dropout2d: Received
# a 3D input" on 2.15
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, widths, hidden=64, dropout=0.1):
        super().__init__()
        self.stem = nn.Conv2d(1, 8, 3)
        self.blocks = nn.Sequential()
        channels = 8
        for i, width in enumerate(widths):
            self.blocks.add_module(f"block_{i}", nn.Sequential(
                nn.Conv1d(channels, hidden, width, padding=width // 2),
                nn.Dropout2d(dropout),  # finding: dropout2d-deprecated
                nn.GroupNorm(hidden // 2, hidden),
                nn.GELU(),
            ))
            channels = hidden
        self.maps = nn.Sequential(
            nn.Conv1d(hidden, hidden, 1),
            nn.Unflatten(2, (4, -1)),
            nn.Dropout2d(dropout),
            nn.Conv2d(hidden, hidden, 3),
        )
