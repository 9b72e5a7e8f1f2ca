# seen in: a multi-input multi-output deblurring U-Net (MIMO-UNet): the convolution blocks live in layers.py
from torch import nn


class BasicConv(nn.Module):
    def __init__(self, in_channel, out_channel, kernel_size, stride=1):
        super().__init__()
        self.main = nn.Sequential(nn.Conv2d(in_channel, out_channel, kernel_size, stride, kernel_size // 2), nn.ReLU())

    def forward(self, x):
        return self.main(x)
