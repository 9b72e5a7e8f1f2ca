# seen in: Xilinx brevitas src/brevitas_examples/text_to_speech/melgan/common.py (the star-imported module)
import torch.nn as nn


def make_conv1d(channels, kernel_size):
    return nn.Conv1d(channels, channels, kernel_size)
