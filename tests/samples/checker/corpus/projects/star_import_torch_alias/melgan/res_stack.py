# seen in: Xilinx brevitas src/brevitas_examples/text_to_speech/melgan/res_stack_brevitas.py: this file never
# names the framework; `nn` comes from the star import of the project module common.py (import ... nn there)
from .common import *


class ResStack:
    def __init__(self, channels):
        self.layers = [
            nn.utils.weight_norm(make_conv1d(channels, 3))  # finding: weight-norm-deprecated
            for _ in range(3)
        ]
