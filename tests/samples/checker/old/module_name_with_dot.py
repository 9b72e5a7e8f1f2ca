# expect: removed-and-legacy-calls#submodule-buffer-and-parameter-names-with-a-dot
import torch.nn as nn


def down_block(name, channels):
    block = nn.Sequential()
    block.add_module('%s.conv' % name, nn.Conv2d(channels, channels * 2, 4, 2, 1))
    return block
